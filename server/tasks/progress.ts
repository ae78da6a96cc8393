import type { TaskRow } from '../db/tasks';
import type { Progress } from './dsp-jobs';
import type { TaskRun } from './queue';

export interface ProgressOptions {
  /** More fields of the running output, before `progress` (a render names its `exportId`). */
  extra?: Record<string, unknown>;
  /** Called when a write finds the task no longer ours (cancelled from another process). */
  onLost?: () => void;
}

/**
 * Shows a running task's progress: `output` holds `{ projectId, ...extra, progress }` until the
 * task ends (the completed output replaces it). Written at most once per percent, in order (each
 * write waits for the previous one), and only while this worker still holds the task.
 */
export function progressWriter(
  run: Pick<TaskRun, 'report'>,
  task: TaskRow,
  options: ProgressOptions = {},
): Progress {
  let last = -1;
  let pending: Promise<unknown> = Promise.resolve();
  return (fraction) => {
    const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    if (percent === last) return;
    last = percent;
    pending = pending
      .then(() =>
        run.report({ projectId: task.project_id, ...options.extra, progress: percent / 100 }),
      )
      .then((held) => {
        if (!held) options.onLost?.();
      })
      // Progress is a courtesy: a failed write must not fail (or crash) the task.
      .catch(() => undefined);
  };
}
