/**
 * The task queue port, the same shape as the database (`db/database.ts`) and the file store
 * (`storage/file-store.ts`): what handlers and the worker need of a durable queue, with its driver
 * on the `tasks` table (`sql-queue.ts`, SQLite or PostgreSQL through `Db`). Handlers enqueue and
 * cancel; a worker (`worker.ts`) claims, renews its lease, reports progress and completes or fails,
 * through this interface only, so it can be read and tested without a database.
 */
import type { Task, TaskType } from '../../src/contract';
import type { Db } from '../db/database';
import type { TaskRow } from '../db/tasks';
import type { FairLimits } from './fair-picker';

/** Credits each task type costs (issue 3). */
export const TASK_COSTS: Partial<Record<TaskType, number>> = {
  'create-karaoke': 2,
  'stem-separation': 1,
  'sync-lyrics': 1,
  'export-project': 1,
};

export interface NewTask {
  accountId: string;
  /** The project, or a function that makes it inside the enqueue's transaction. */
  projectId: string | ((tx: Db) => Promise<string>);
  type: TaskType;
  input: unknown;
}

/** What a queue tells the workers of this process (others find out by polling and leases). */
export type QueueEvent = { type: 'enqueued' } | { type: 'cancelled'; taskId: string };

export interface TaskQueue {
  /** How long a claim holds a task; its worker renews it every third of this. */
  readonly leaseMs: number;

  /**
   * Takes the task's credits and inserts it as queued, in one transaction (joined when `db` is
   * already one); InsufficientCreditsError when short (server/errors.ts). `projectId` may be a
   * function run inside that transaction.
   */
  enqueue(db: Db, task: NewTask): Promise<TaskRow>;
  /**
   * Cancels a queued or running task of `accountId` (NotFoundError for another's,
   * StateConflictError once it ended): it ends `cancelled` with its credits refunded; the worker
   * running it is told (`watch`) or finds out at its next lease renewal or progress report.
   */
  cancel(accountId: string, taskId: string): Promise<Task>;
  /** Calls `listener` on this process's enqueues and cancels; returns the unsubscribe. */
  watch(listener: (event: QueueEvent) => void): () => void;

  /** The next runnable task by the fair rule (fair-picker.ts), now held by `workerId`. */
  claim(workerId: string, limits: FairLimits): Promise<TaskRow | undefined>;
  /** Extends a claimed task's lease; false when it is no longer its worker's. */
  renew(task: TaskRow): Promise<boolean>;
  /** Writes a running task's output (progress); false when it is no longer its worker's. */
  report(task: TaskRow, output: Record<string, unknown>): Promise<boolean>;
  /**
   * Runs `commit` and marks the task completed with the output it returns, in one transaction and
   * only while the task is still its worker's; false (nothing written) when it is not.
   */
  complete(task: TaskRow, commit: (tx: Db) => Promise<unknown>): Promise<boolean>;
  /** Marks the task failed with `message` and refunds it, once: only while its worker holds it. */
  fail(task: TaskRow, message: string): Promise<void>;
  /**
   * At the start of a single-process database: tasks left in progress were cut off by our own
   * stop or crash; queue them again (or fail a crash loop). Returns how many were resumed.
   */
  resumeInterrupted(): Promise<number>;
}

/**
 * What a processor hands back after the slow part: `commit` writes its results in the same
 * transaction that marks the task completed (only while this worker still holds the task), so a
 * task that runs twice after a crash adds its alignment once. `after` runs once that committed.
 */
export interface Finished {
  commit(tx: Db): Promise<unknown>;
  after?(): Promise<void>;
  /** Undoes side effects outside the database (files written) when the commit did not happen. */
  discard?(): Promise<void>;
}

/** What the worker hands a processor for one run of a task. */
export interface TaskRun {
  /**
   * Aborts when the task is cancelled or no longer this worker's: the processor stops its
   * process and removes what it wrote, then rejects.
   */
  signal: AbortSignal;
  /** Writes the task's output while it runs (progress.ts); false when it is no longer ours. */
  report(output: Record<string, unknown>): Promise<boolean>;
}

/** Runs a task's slow part. */
export type Processor = (task: TaskRow, run: TaskRun) => Promise<Finished>;

/** The reason a task's signal aborts: it was cancelled (or another worker holds it now). */
export class TaskCancelled extends Error {
  constructor() {
    super('The task was cancelled.');
  }
}
