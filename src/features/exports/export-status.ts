import { isTerminalStatus, type Export, type Task } from '../../contract';

/** The render's progress, 0..1, from its task's `output.progress`; null while unknown. */
export function renderProgress(task: Pick<Task, 'output'> | undefined): number | null {
  const output = task?.output as { progress?: unknown } | null | undefined;
  const raw = output?.progress;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  return Math.min(1, Math.max(0, raw));
}

/** What the renderer says it changed (e.g. "Font X is not installed: drawn in Noto Sans"). */
export function renderNotes(task: Pick<Task, 'output'> | undefined): string[] {
  const notes = (task?.output as { notes?: unknown } | null | undefined)?.notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [];
}

export type ExportPhase = 'running' | 'done' | 'failed' | 'cancelled';

/** What the row offers: Cancel while running, Download and Play when done, Retry otherwise. */
export function exportPhase(item: Pick<Export, 'status'>): ExportPhase {
  if (!isTerminalStatus(item.status)) return 'running';
  switch (item.status) {
    case 'completed':
    case 'finalized':
      return 'done';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** The sentence under a running export: "Waiting in the queue…", "Rendering: 42 %". */
export function runningText(item: Pick<Export, 'status'>, progress: number | null): string {
  if (item.status === 'queued' || item.status === 'created') return 'Waiting in the queue…';
  return progress === null ? 'Rendering…' : `Rendering: ${Math.floor(progress * 100)} %`;
}

/** Why an export failed: the task's reason, else a plain sentence (never blank). */
export function failureText(item: Pick<Export, 'status'>, task: Pick<Task, 'error'> | undefined) {
  if (task?.error) return task.error;
  if (item.status === 'timed-out') return 'The render took too long and was stopped.';
  if (item.status === 'cancelled') return 'The render was cancelled.';
  return 'The render failed; the service gave no reason.';
}
