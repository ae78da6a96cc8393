import type { TaskType } from '../../src/contract';
import { chargeCredits, refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { run } from '../db/statements';
import {
  claimTask,
  insertTask,
  interruptedTasks,
  queuedHeads,
  setTaskStatus,
  type TaskRow,
} from '../db/tasks';
import { HttpError } from '../http/problem';
import { DspUserError } from './dsp-errors';
import { type FairLimits, FairPicker, limitsFor, type QueueHead } from './fair-picker';

/** Credits each task type costs (issue 3). */
export const TASK_COSTS: Partial<Record<TaskType, number>> = {
  'create-karaoke': 2,
  'stem-separation': 1,
  'sync-lyrics': 1,
};

/** A task gives up after being interrupted this many times (a crash loop must end). */
export const MAX_ATTEMPTS = 3;
export const CRASH_LOOP_ERROR = 'The task was interrupted too many times.';

export type Processor = (task: TaskRow) => Promise<unknown>;

type Awaitable<T> = T | Promise<T>;

/**
 * The queue's narrow view of its storage: all the scheduler needs, so a PostgreSQL table can stand
 * in for SQLite (docs/adr/0010). `claim` must be atomic (queued -> in-progress only if still queued).
 */
export interface TaskQueueStore {
  queuedHeads(): Awaitable<QueueHead[]>;
  claim(id: string): Awaitable<TaskRow | undefined>;
  complete(task: TaskRow, output: unknown): Awaitable<void>;
  /** failed with `error`, and the task's credits refunded, in one transaction. */
  fail(task: TaskRow, error: string): Awaitable<void>;
  interrupted(): Awaitable<TaskRow[]>;
  requeue(task: TaskRow): Awaitable<void>;
}

export function sqliteQueueStore(db: Db): TaskQueueStore {
  return {
    queuedHeads: () => queuedHeads(db),
    claim: (id) => claimTask(db, id),
    complete: (task, output) => setTaskStatus(db, task.id, 'completed', { output }),
    fail: (task, error) =>
      db.transaction(() => {
        setTaskStatus(db, task.id, 'failed', { error });
        refundCredits(db, task.account_id, task.cost);
      })(),
    interrupted: () => interruptedTasks(db),
    requeue: (task) => {
      run(db, "UPDATE tasks SET status = 'queued' WHERE id = ?", task.id);
    },
  };
}

/**
 * The durable queue: tasks live in the `tasks` table. Up to `limits.global` run at once, shared
 * fairly between accounts (fair-picker.ts). A task found `in-progress` at start was cut off by a
 * stop or a crash: it runs again, unless that happened MAX_ATTEMPTS times (then it fails and its
 * credits are refunded, like any failed task).
 */
export class TaskQueue {
  private readonly store: TaskQueueStore;
  private readonly picker = new FairPicker();
  private readonly running = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  readonly limits: FairLimits;

  constructor(
    private readonly db: Db,
    private readonly process: Processor,
    private readonly log: (line: string) => void,
    concurrency = 1,
    store?: TaskQueueStore,
  ) {
    this.limits = limitsFor(concurrency);
    this.store = store ?? sqliteQueueStore(db);
  }

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

  async start(): Promise<void> {
    this.stopped = false;
    let resumed = 0;
    for (const task of await this.store.interrupted()) {
      if (task.attempts >= MAX_ATTEMPTS) await this.store.fail(task, CRASH_LOOP_ERROR);
      else {
        await this.store.requeue(task);
        resumed++;
      }
    }
    if (resumed > 0) this.log(`Resuming ${resumed} interrupted task(s).`);
    this.kick();
  }

  /** Looks for work: called on enqueue, at start and whenever a task ends. */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.again = false;
    this.pumping = this.fill()
      .catch((error: unknown) => this.log(`Task queue: ${String(error)}`))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) this.kick();
      });
  }

  /** Claims tasks until every slot is taken or nothing is queued. */
  private async fill(): Promise<void> {
    while (!this.stopped) {
      const next = this.picker.pick(await this.store.queuedHeads(), this.running, this.limits);
      if (!next) return;
      const task = await this.store.claim(next.id);
      if (!task) continue; // another runner took it
      this.picker.served(task.account_id);
      this.running.set(task.account_id, (this.running.get(task.account_id) ?? 0) + 1);
      const done: Promise<void> = this.runOne(task).finally(() => {
        this.inFlight.delete(done);
        const left = (this.running.get(task.account_id) ?? 1) - 1;
        if (left > 0) this.running.set(task.account_id, left);
        else this.running.delete(task.account_id);
        this.kick();
      });
      this.inFlight.add(done);
    }
  }

  private async runOne(task: TaskRow): Promise<void> {
    try {
      const output = await this.process(task);
      if (this.stopped) return;
      await this.store.complete(task, output);
    } catch (error) {
      // Stopping cut the work off: leave it in progress, it resumes on the next start.
      if (this.stopped) return;
      const message =
        error instanceof DspUserError || error instanceof HttpError
          ? error.message
          : `The task failed: ${(error as Error).message}`;
      if (!(error instanceof DspUserError)) this.log(`Task ${task.id} failed: ${String(error)}`);
      await this.store.fail(task, message);
    }
  }

  /** How many tasks run now, by account (tests and diagnostics). */
  runningCounts(): ReadonlyMap<string, number> {
    return this.running;
  }

  /** Stops taking tasks and waits for the running ones to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.pumping;
    await Promise.all([...this.inFlight]);
  }
}
