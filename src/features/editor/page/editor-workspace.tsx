import { useEffect, useState } from 'react';
import type { Alignment, Project } from '../../../contract';
import { TimingsControls } from '../import-export';
import {
  EditorStoreProvider,
  indexOfKey,
  useEditor,
  type ConflictChoice,
  type EditorStore,
  type PendingMerge,
} from '../store';
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

/**
 * Is a newer version of the open alignment saved on the service? Not while saving or loading, not
 * while a merge waits, and not for a revision this page once had (its own saves).
 */
function useNewerOnServer(store: EditorStore, serverRevision: string, busy: boolean): boolean {
  const baseRevision = useEditor((s) => s.base.revision);
  const merging = useEditor((s) => s.pendingMerge !== null);
  const [past] = useState(() => new Set<string>());
  useEffect(() => trackPastRevisions(store, past), [store, past]);
  return newerOnServer({
    serverRevision,
    baseRevision,
    isPast: (revision) => past.has(revision),
    busy,
    merging,
  });
}

/**
 * The conflicts of a merge that waits: kept mounted while it waits, so `Show` and `Decide later`
 * (both close it) keep the choices made so far.
 */
function PendingConflicts({
  store,
  merge,
  open,
  afterLoad,
  onClose,
  onResolve,
}: {
  store: EditorStore;
  merge: PendingMerge;
  open: boolean;
  /** The merge came from loading the newer version (not from a save). */
  afterLoad: boolean;
  onClose: () => void;
  onResolve: (choices: Record<string, ConflictChoice>) => void;
}) {
  return (
    <ConflictDialog
      conflicts={merge.conflicts}
      open={open}
      onCancel={onClose}
      onResolve={onResolve}
      confirmLabel={afterLoad ? 'Use merged result' : 'Save merged result'}
      canShow={(key) => indexOfKey(store.getState().doc, key) >= 0}
      onShow={(key) => {
        onClose();
        store.getState().actions.select([key], 'replace');
      }}
    />
  );
}

/** Everything is on the service: nothing unsaved, no merge waiting. */
function isSaved(store: EditorStore): boolean {
  const state = store.getState();
  return !state.dirty && state.pendingMerge === null;
}

/** "Active" for the project's active alignment, else the button that makes this one active. */
function ActiveChoice(props: {
  active: boolean;
  pending: boolean;
  onMake: () => Promise<unknown>;
}) {
  if (props.active) return <span className="badge active-badge">Active</span>;
  return (
    <button type="button" onClick={() => void props.onMake()} disabled={props.pending}>
      Make active
    </button>
  );
}

function Workspace({ project, alignment, session, onSwitch, focusPicker }: Props) {
  const { store } = session;
  const dirty = useEditor((s) => s.dirty);
  const pendingMerge = useEditor((s) => s.pendingMerge);
  const { status, save, load, resolve, dismiss } = useSave(store, project.id, alignment.id);
  const busy = status.phase === 'saving' || status.phase === 'loading';
  const newer = useNewerOnServer(store, alignment.revision, busy);
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
        <ActiveChoice active={alignment.selected} pending={activating} onMake={makeActive} />
        <TimingsControls store={store} project={project} />
        <RenderVideoButton
          project={project}
          alignmentId={alignment.id}
          save={save}
          isSaved={() => isSaved(store)}
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
        saveFirst={async () => {
          await save();
          return !store.getState().dirty;
        }}
      />
      {pendingMerge && (
        <PendingConflicts
          key={pendingMerge.theirs.revision}
          store={store}
          merge={pendingMerge}
          open={conflictsOpen}
          afterLoad={status.phase === 'conflicts' && status.origin === 'load'}
          onClose={() => setClosedFor(pendingMerge.theirs.revision)}
          onResolve={resolve}
        />
      )}
    </div>
  );
}
