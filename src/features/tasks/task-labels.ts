import { formatDuration } from '../../components/format';
import { isTerminalStatus, type TaskStatus, type TaskType } from '../../contract';

export const TASK_TYPE_NAMES: Record<TaskType, string> = {
  'create-karaoke': 'Create karaoke project',
  'create-lyric-video': 'Create lyric video',
  'import-project': 'Import project',
  'sync-lyrics': 'Lyrics sync',
  'stem-separation': 'Stem separation',
  'generate-video': 'Generate video',
  'generate-chords': 'Generate chords',
  'export-stem-audio': 'Export stem audio',
  'export-project': 'Video render',
};

/**
 * Where a task's result is seen (its project's editor; its tasks when it failed); a render's own
 * export.
 */
export function taskResult(
  projectId: string,
  type: TaskType,
  status: TaskStatus,
  taskId?: string,
): { path: string; label: string } {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  // A render's export says everything itself (the video, or the reason and Retry); the exports
  // page finds it by its task.
  if (type === 'export-project' || type === 'generate-video') {
    const done = status === 'completed' || status === 'finalized';
    return {
      path: `${base}/exports${taskId ? `?task=${encodeURIComponent(taskId)}` : ''}`,
      label: done ? 'Watch the video' : 'See the export',
    };
  }
  if (status !== 'completed' && status !== 'finalized')
    return { path: `${base}/tasks`, label: 'See the tasks' };
  switch (type) {
    case 'export-stem-audio':
      return { path: `${base}/exports`, label: 'See the exports' };
    case 'create-karaoke':
    case 'create-lyric-video':
    case 'import-project':
    case 'sync-lyrics':
    case 'stem-separation':
    case 'generate-chords':
      return { path: base, label: 'Open the editor' };
  }
}

type Timed = { status: TaskStatus; createdAt: string; updatedAt: string };

/** When a task started and when its clock stops (ms): its last update once ended, else now. */
function taskSpan(task: Timed, now: number): { start: number; end: number } {
  const end = isTerminalStatus(task.status) ? Date.parse(task.updatedAt) : now;
  return { start: Date.parse(task.createdAt), end };
}

/** Seconds a task has taken: until its last update once ended, until now while running. */
export function elapsedSeconds(task: Timed, now: number): number {
  const { start, end } = taskSpan(task, now);
  return Math.max(0, (end - start) / 1000);
}

/**
 * The Elapsed column: a task that ended within a second says so ("under 1 s", never "0 s", which
 * reads as "did not run"); under ten seconds a tenth is shown; a task whose times are missing or
 * out of order shows a dash.
 */
export function elapsedText(task: Timed, now: number): string {
  const { start, end } = taskSpan(task, now);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return '—';
  const seconds = (end - start) / 1000;
  if (seconds < 1) return isTerminalStatus(task.status) ? 'under 1 s' : 'starting';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  return formatDuration(seconds);
}
