import type { ReactNode } from 'react';
import { ErrorNotice } from '../../components/error-notice';

/** The start request of a task form: a TanStack mutation's state. */
interface Starting {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The form of the tasks panel that starts one task: its fields, why it did not start (at the
 * form), the start button ("Starting…" while sent) and Close.
 */
export function StartTaskForm({
  label,
  start,
  notStarted,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  /** The form's accessible name, e.g. "Lyrics sync". */
  label: string;
  start: Starting;
  /** What failed, before the service's reason, e.g. "The sync did not start". */
  notStarted: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="task-form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {start.isError && <ErrorNotice error={start.error} action={notStarted} />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : submitLabel}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
