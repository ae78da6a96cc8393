import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ErrorNotice } from '../../components/error-notice';
import { styleProblems } from '../../contract';
import { isDirty, type StyleDraftStore } from './style-draft';
import { StyleForm } from './style-form';
import type { OverflowIssue } from './overflow';
import { PresetBar } from './preset-bar';
import { ConflictDialog } from './style-dialogs';
import { problemsByPath, studioKeyAction, studioStatus } from './studio-logic';
import { useStyleSave, type Say } from './use-style-save';

interface Props {
  projectId: string;
  store: StyleDraftStore;
  singers: readonly number[];
  /** Languages the project's alignment carries (the Translations group offers them). */
  carried?: readonly string[];
  overflow: readonly OverflowIssue[];
  /** The live preview beside the controls; `save` stores the draft first (false when it could not). */
  preview: (tools: { save: () => Promise<boolean>; dirty: boolean }) => ReactNode;
  groups?: readonly string[];
  /** Inside the editor: no page-wide shortcuts (the editor has its own Ctrl+S and Ctrl+Z). */
  compact?: boolean;
}

/** Moves focus to a style field by its path (from a problem's "Go to field" button). */
export function focusField(path: string) {
  const el = document.querySelector<HTMLElement>(
    `[data-path="${CSS.escape(path)}"] input:not([type='color']), [data-path="${CSS.escape(path)}"] select`,
  );
  el?.focus();
  el?.scrollIntoView({ block: 'center' });
}

/**
 * The style editor: toolbar (save, undo, redo, presets), the problems that would stop or spoil a
 * render, the preview and the grouped controls. Keys: Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes,
 * Ctrl/Cmd+Shift+Z or Ctrl+Y redoes (in a text field Z and Y stay the field's own).
 */
export function StyleStudio({
  projectId,
  store,
  overflow,
  preview,
  compact = false,
  ...form
}: Props) {
  const state = useStore(store);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(
    state.restored && isDirty(state) ? 'Your unsaved style changes were restored.' : null,
  );
  const say = useMemo<Say>(() => ({ notice: setNotice, error: setError }), []);
  const saving = useStyleSave(projectId, store, say);
  const { save } = saving;
  useStudioKeys(!compact, save, store);

  const dirty = isDirty(state);
  const styleFieldProblems = useMemo(() => styleProblems(state.style), [state.style]);
  const fieldProblems = new Set([...styleFieldProblems.map((p) => p.path), ...state.invalid]);
  const problems = useMemo(
    () => problemsByPath(saving.problems, overflow),
    [saving.problems, overflow],
  );
  // In the editor the timing has its own "All changes saved": the style's says "Style …".
  const status = studioStatus({
    saving: saving.saving,
    fieldProblems: fieldProblems.size,
    dirty,
    compact,
  });

  return (
    <div className="style-studio">
      <StyleToolbar
        store={store}
        status={status}
        canSave={!saving.saving && dirty}
        onSave={() => void save()}
        keys={!compact}
      />
      <PresetBar projectId={projectId} store={store} say={say} onConflict={saving.showConflict} />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} action="That did not work" />}
      <OverflowNotice overflow={overflow} />
      <div className={compact ? 'style-body-compact' : 'style-body'}>
        {!compact && <div className="style-preview-pane">{preview({ save, dirty })}</div>}
        {/* singers, carried, groups: the form's own */}
        <StyleForm store={store} problems={problems} {...form} />
      </div>
      <ConflictDialog
        open={saving.conflict}
        onMerge={() => void saving.resolve('merge')}
        onReload={() => void saving.resolve('reload')}
        onCancel={saving.dismissConflict}
      />
    </div>
  );
}

/** Page-wide keys (not inside the editor, and not while a dialog is open). */
function useStudioKeys(on: boolean, save: () => Promise<boolean>, store: StyleDraftStore) {
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const target = e.target as HTMLElement | null;
      const typing =
        target instanceof HTMLInputElement &&
        !['checkbox', 'color', 'radio', 'range'].includes(target.type);
      const action = studioKeyAction(e, typing);
      if (!action) return;
      e.preventDefault();
      if (action === 'save') void save();
      else store.getState()[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, save, store]);
}

function StyleToolbar({
  store,
  status,
  canSave,
  onSave,
  keys,
}: {
  store: StyleDraftStore;
  status: string;
  canSave: boolean;
  onSave: () => void;
  /** Shortcuts are announced only where they work (not inside the editor). */
  keys: boolean;
}) {
  const past = useStore(store, (s) => s.past.length);
  const future = useStore(store, (s) => s.future.length);
  const steps = [
    { label: 'Undo', action: 'undo', count: past, shortcut: 'Control+Z' },
    { label: 'Redo', action: 'redo', count: future, shortcut: 'Control+Shift+Z' },
  ] as const;
  return (
    <div className="style-toolbar" role="toolbar" aria-label="Style">
      <button
        type="button"
        className="primary"
        onClick={onSave}
        disabled={!canSave}
        aria-keyshortcuts={keys ? 'Control+S' : undefined}
      >
        Save style
      </button>
      {steps.map(({ label, action, count, shortcut }) => (
        <button
          key={label}
          type="button"
          onClick={() => store.getState()[action]()}
          disabled={count === 0}
          aria-keyshortcuts={keys ? shortcut : undefined}
        >
          {label}
        </button>
      ))}
      <span className="save-state" role="status">
        {status}
      </span>
    </div>
  );
}

/** "Before you render": lines that would not fit the frame, each with a way to its field. */
function OverflowNotice({ overflow }: { overflow: readonly OverflowIssue[] }) {
  if (overflow.length === 0) return null;
  return (
    <div className="notice notice-warn style-overflow" role="region" aria-label="Before you render">
      <strong>Before you render: lines would not fit the frame</strong>
      <ul>
        {overflow.map((issue) => (
          <li key={issue.path + issue.message}>
            {issue.message}{' '}
            <button type="button" className="link-button" onClick={() => focusField(issue.path)}>
              Go to the field
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
