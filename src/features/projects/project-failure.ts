import type { Project } from '../../contract';

/** Why a project has nothing to edit, when its audio could not be prepared. */
export interface ProjectFailure {
  /** A sentence for the heading. */
  title: string;
  /** The service's reason, as one readable sentence (never a stack). */
  reason: string;
  /** The task that failed. */
  taskId: string;
}

const ENDED_BADLY = new Set(['failed', 'cancelled', 'timed-out']);

/**
 * The reason a task gave, fit to show: its first line (a stack trace or a multi-line dump is cut),
 * ending with a full stop, at most ~300 characters.
 */
export function readableReason(error: string | null | undefined): string {
  const first = (error ?? '').split('\n')[0]?.trim() ?? '';
  if (first === '') return 'The service gave no reason.';
  const short = first.length > 300 ? `${first.slice(0, 297).trimEnd()}…` : first;
  const capital = short.charAt(0).toUpperCase() + short.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * A project whose creation ended without audio (the upload was not audio, or could not be read):
 * it has no stems and its latest task, the one that made it, failed, was cancelled or timed out.
 * Nothing can be synced or separated then; the next step is a new project from another file.
 */
export function projectFailure(project: Project): ProjectFailure | null {
  const task = project.task;
  if (!task || project.stems.length > 0) return null;
  if (task.type !== 'create-karaoke' && task.type !== 'import-project') return null;
  if (!ENDED_BADLY.has(task.status)) return null;
  const reason =
    task.status === 'failed'
      ? readableReason(task.error)
      : task.status === 'cancelled'
        ? 'Its preparation was cancelled before the audio was read.'
        : 'Its preparation took too long and was stopped before the audio was read.';
  return {
    title:
      task.status === 'failed'
        ? 'The audio of this project could not be read'
        : 'This project has no audio',
    reason,
    taskId: task.id,
  };
}
