import { useEffect, useState } from 'react';
import type { Alignment, Project } from '../../../contract';
import { TimingsControls } from '../import-export';
import { EditorStoreProvider, indexOfKey, useEditor } from '../store';
import { AlignmentPicker } from './alignment-picker';
import { EditorBody } from './editor-body';
import { EDITOR_AREA_PROPS } from './editor-area';
import { ConflictDialog } from './conflict-dialog';
import type { EditorSession } from './editor-sessions';
import { newerOnServer, trackPastRevisions } from './freshness';
import { NewerVersionNotice } from './newer-version-notice';
import { RenderVideoButton } from './render-video-button';
import { RestoreBanner } from './restore-banner';
import { SaveBar } from './save-bar';
import { useLeaveGuard } from './use-leave-guard';
import { useMakeActive } from './use-make-active';
import { useSave } from './use-save';

interface Props {
  project: Project;
  alignment: Alignment;
  session: EditorSession;
  onSwitch: (alignmentId: string) => void;
  /** Focus the alignment picker on mount (the user just switched with it). */
  focusPicker?: boolean;
}

export function EditorWorkspace(props: Props) {
  return (
    <EditorStoreProvider store={props.session.store}>
      <Workspace {...props} />
    </EditorStoreProvider>
  );
}

function Workspace({ project, alignment, session, onSwitch, focusPicker }: Props) {
  const { store } = session;
  const dirty = useEditor((s) => s.dirty);
  const pendingMerge = useEditor((s) => s.pendingMerge);
  const { status, save, load, resolve, dismiss } = useSave(store, project.id, alignment.id);
  const baseRevision = useEditor((s) => s.base.revision);
  const [past] = useState(() => new Set<string>());
  useEffect(() => trackPastRevisions(store, past), [store, past]);
  const busy = status.phase === 'saving' || status.phase === 'loading';
  const newer = newerOnServer({
    serverRevision: alignment.revision,
    baseRevision,
    isPast: (revision) => past.has(revision),
    busy,
    merging: pendingMerge !== null,
  });
  const {
    makeActive,
    pending: activating,
    message: activeMessage,
  } = useMakeActive(project.id, alignment);
  // The merge whose dialog the user closed (Decide later, Show): a new merge opens it again.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const conflictsOpen = pendingMerge !== null && closedFor !== pendingMerge.theirs.revision;
  useLeaveGuard(dirty);

  return (
    <div className="editor" {...EDITOR_AREA_PROPS}>
      <div className="editor-toolbar">
        <AlignmentPicker
          alignments={project.alignments}
          value={alignment.id}
          onChange={onSwitch}
          autoFocus={focusPicker}
        />
        {alignment.selected ? (
          <span className="badge active-badge">Active</span>
        ) : (
          <button type="button" onClick={() => void makeActive()} disabled={activating}>
            Make active
          </button>
        )}
        <TimingsControls store={store} project={project} />
        <RenderVideoButton
          project={project}
          alignmentId={alignment.id}
          save={save}
          isSaved={() => {
            const state = store.getState();
            return !state.dirty && state.pendingMerge === null;
          }}
        />
        <SaveBar
          status={status}
          isActive={alignment.selected}
          onSave={() => void save()}
          onSaveAndActivate={() => void save({ select: true })}
          onOpenConflicts={() => setClosedFor(null)}
          onDismiss={dismiss}
          newer={newer}
        />
      </div>
      {activeMessage && (
        <p className="notice notice-warn page-notice" role="alert">
          {activeMessage}
        </p>
      )}
      <NewerVersionNotice newer={newer} dirty={dirty} busy={busy} onLoad={() => void load()} />
      {session.notice && <RestoreBanner notice={session.notice} onDiscard={session.discard} />}
      <EditorBody
        project={project}
        alignmentId={alignment.id}
        store={store}
        onSave={() => void save()}
      />
      {pendingMerge && (
        // Kept mounted while the merge waits, so `Show` and `Decide later` keep the choices.
        <ConflictDialog
          key={pendingMerge.theirs.revision}
          conflicts={pendingMerge.conflicts}
          open={conflictsOpen}
          onCancel={() => setClosedFor(pendingMerge.theirs.revision)}
          onResolve={resolve}
          confirmLabel={
            status.phase === 'conflicts' && status.origin === 'load'
              ? 'Use merged result'
              : 'Save merged result'
          }
          canShow={(key) => indexOfKey(store.getState().doc, key) >= 0}
          onShow={(key) => {
            setClosedFor(pendingMerge.theirs.revision);
            store.getState().actions.select([key], 'replace');
          }}
        />
      )}
    </div>
  );
}
