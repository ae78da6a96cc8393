import { useEditor } from '../store';
import type { SaveStatus } from './use-save';

interface Props {
  status: SaveStatus;
  onSave: () => void;
  onSaveAndActivate: () => void;
  onOpenConflicts: () => void;
  onDismiss: () => void;
  isActive: boolean;
  /** A newer version is saved on the service than the one this draft is based on. */
  newer: boolean;
}

/** Save buttons and the one line that says where the user's edits are. */
export function SaveBar(props: Props) {
  const { status, onSave, onSaveAndActivate, isActive, newer } = props;
  const dirty = useEditor((s) => s.dirty);
  const canUndo = useEditor((s) => s.history.canUndo);
  const canRedo = useEditor((s) => s.history.canRedo);
  const actions = useEditor((s) => s.actions);
  const saving = status.phase === 'saving' || status.phase === 'loading';
  // Never "All changes saved" while a newer version is known: what is open is not the latest.
  const state =
    status.phase === 'saving'
      ? 'Saving…'
      : status.phase === 'loading'
        ? 'Loading the newer version…'
        : dirty
          ? 'Unsaved changes'
          : newer
            ? 'Not the latest version'
            : 'All changes saved';

  return (
    <div className="save-bar">
      {(
        [
          ['Undo', () => actions.undo(), canUndo, 'Control+Z'],
          ['Redo', () => actions.redo(), canRedo, 'Control+Shift+Z'],
        ] as const
      ).map(([label, run, can, keys]) => (
        <button key={label} type="button" onClick={run} disabled={!can} aria-keyshortcuts={keys}>
          {label}
        </button>
      ))}
      <span className="save-state" role="status" aria-live="polite">
        {state}
      </span>
      <button
        type="button"
        className="primary"
        onClick={onSave}
        disabled={saving}
        aria-keyshortcuts="Control+S"
      >
        Save
      </button>
      {!isActive && (
        <button type="button" onClick={onSaveAndActivate} disabled={saving}>
          Save and make active
        </button>
      )}
      <SaveMessage {...props} />
    </div>
  );
}

function SaveMessage({
  status,
  newer,
  onSave,
  onOpenConflicts,
  onDismiss,
  onSaveAndActivate,
}: Props) {
  switch (status.phase) {
    case 'idle':
    case 'saving':
    case 'loading':
      return null;
    case 'loaded':
      // Superseded by a yet newer version: the notice above says so.
      return newer ? null : (
        <p className="save-message ok" role="status">
          Loaded the newer version ({status.changed}{' '}
          {status.changed === 1 ? 'word changed' : 'words changed'})
          {status.kept ? ', with your unsaved edits merged in. Save to store them.' : '.'}
        </p>
      );
    case 'saved':
      return status.merged && !newer ? (
        <p className="save-message ok" role="status">
          Merged {status.merged} {status.merged === 1 ? 'change' : 'changes'} from another save with
          yours, and saved.
        </p>
      ) : null;
    case 'blocked':
      return (
        <p className="save-message error" role="alert">
          Fix {status.problems} {status.problems === 1 ? 'problem' : 'problems'} the service would
          refuse before saving (see Problems).
        </p>
      );
    case 'failed':
      return (
        <div className="save-message error" role="alert">
          <strong>Not saved: {status.title}.</strong> {status.detail} Your edits are kept.
          {status.retryable && (
            <button type="button" onClick={onSave}>
              Retry save
            </button>
          )}
          <button type="button" onClick={onDismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      );
    case 'conflicts':
      return (
        <p className="save-message warn" role="alert">
          {status.count} {status.count === 1 ? 'word needs' : 'words need'} your decision.{' '}
          <button type="button" onClick={onOpenConflicts}>
            Resolve conflicts
          </button>
        </p>
      );
    case 'selection-conflict':
      return (
        <p className="save-message warn" role="alert">
          Not saved: another alignment became active meanwhile
          {status.activeName ? ` (“${status.activeName}”)` : ''}.{' '}
          <button type="button" onClick={onSaveAndActivate}>
            Save and make this one active
          </button>{' '}
          <button type="button" onClick={onSave}>
            Save without changing the active one
          </button>
        </p>
      );
  }
}
