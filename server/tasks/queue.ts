import type { TaskType } from '../../src/contract';
import { chargeCredits, refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { run } from '../db/statements';
import { insertTask, nextRunnable, setTaskStatus, type TaskRow } from '../db/tasks';
import { HttpError } from '../http/problem';
import { DspUserError } from './dsp-errors';

/** Credits each task type costs (issue 3). */
export const TASK_COSTS: Partial<Record<TaskType, number>> = {
  'create-karaoke': 2,
  'stem-separation': 1,
  'sync-lyrics': 1,
};

/** A task gives up after being interrupted this many times (a crash loop must end). */
const MAX_ATTEMPTS = 3;

export type Processor = (task: TaskRow) => Promise<unknown>;

/**
 * The durable queue: tasks live in the `tasks` table; one loop in this process runs them one at
 * a time, oldest first. A task found `in-progress` at start was cut off by a stop: it runs again.
 */
export class TaskQueue {
  private loop: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly process: Processor,
    private readonly log: (line: string) => void,
  ) {}

  /** Inserts a task (created -> queued) and takes its credits, atomically; 402 when short. */
  enqueue(task: {
    accountId: string;
    /** A function runs inside the transaction: the project is only created when credits allow. */
    projectId: string | (() => string);
    type: TaskType;
    input: unknown;
  }): TaskRow {
    const cost = TASK_COSTS[task.type] ?? 0;
    const row = this.db
      .transaction(() => {
        if (!chargeCredits(this.db, task.accountId, cost)) {
          throw new HttpError(402, `This task needs ${cost} credits; the balance is too low.`);
        }
        const projectId = typeof task.projectId === 'string' ? task.projectId : task.projectId();
        const inserted = insertTask(this.db, { ...task, projectId, cost });
        setTaskStatus(this.db, inserted.id, 'queued');
        return { ...inserted, status: 'queued' as const };
      })
      .immediate();
    this.kick();
    return row;
  }

  start(): void {
    this.stopped = false;
    run(
      this.db,
      `UPDATE tasks SET status = 'failed', error = 'The task was interrupted too many times.', updated_at = ?
       WHERE status = 'in-progress' AND attempts >= ?`,
      new Date().toISOString(),
      MAX_ATTEMPTS,
    );
    const resumed = run(
      this.db,
      "UPDATE tasks SET status = 'queued' WHERE status = 'in-progress'",
    ).changes;
    if (resumed > 0) this.log(`Resuming ${resumed} interrupted task(s).`);
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    this.loop = this.drain().finally(() => {
      this.loop = undefined;
      if (this.again) this.kick();
    });
  }

  private async drain(): Promise<void> {
    this.again = false;
    for (let task = nextRunnable(this.db); task && !this.stopped; task = nextRunnable(this.db)) {
      setTaskStatus(this.db, task.id, 'in-progress');
      try {
        const output = await this.process(task);
        if (this.stopped) return;
        setTaskStatus(this.db, task.id, 'completed', { output });
      } catch (error) {
        // Stopping cut the work off: leave it in progress, it resumes on the next start.
        if (this.stopped) return;
        const message =
          error instanceof DspUserError || error instanceof HttpError
            ? error.message
            : `The task failed: ${(error as Error).message}`;
        if (!(error instanceof DspUserError)) this.log(`Task ${task.id} failed: ${String(error)}`);
        this.db.transaction(() => {
          setTaskStatus(this.db, task.id, 'failed', { error: message });
          refundCredits(this.db, task.account_id, task.cost);
        })();
      }
    }
  }

  /** Stops taking tasks and waits for the loop to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}
