import { hostname } from 'node:os';
import type { TaskType } from '../../src/contract';
import { chargeCredits, refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { getTask, insertTask, setTaskStatus, taskView, type TaskRow } from '../db/tasks';
import { HttpError, notFound } from '../http/problem';
import { isTerminalStatus, type Task } from '../../src/contract';
import { claimTask, LEASE_MS, renewLease, resumeInterrupted } from './claim';
import { DspUserError } from './dsp-errors';
import { limitsFor, type FairLimits } from './fair-picker';

export { CRASH_LOOP_ERROR, MAX_ATTEMPTS } from './claim';

/** Credits each task type costs (issue 3). */
export const TASK_COSTS: Partial<Record<TaskType, number>> = {
  'create-karaoke': 2,
  'stem-separation': 1,
  'sync-lyrics': 1,
  'export-project': 1,
};

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

/**
 * Runs a task's slow part. `signal` aborts when the task is cancelled or no longer this worker's:
 * the processor stops its process and removes what it wrote, then rejects.
 */
export type Processor = (task: TaskRow, signal: AbortSignal) => Promise<Finished>;

export interface QueueOptions {
  /** Tasks this process runs at once (its DSP threads); one account gets half (limitsFor). */
  concurrency?: number;
  /** How often a worker looks for tasks enqueued by other processes or left by dead ones. */
  pollMs?: number;
  /** A single-process database (SQLite): tasks in progress at start were ours, resume at once. */
  resumeOnStart?: boolean;
}

class LeaseLost extends Error {}

/** The reason a task's signal aborts: it was cancelled (or another worker holds it now). */
export class TaskCancelled extends Error {
  constructor() {
    super('The task was cancelled.');
  }
}

/**
 * The durable queue: tasks live in the `tasks` table, so a task is enqueued in the same
 * transaction as the change that creates it (the project, the credits). Each worker process runs
 * up to `limits.global` tasks at once, claimed fairly across accounts (claim.ts, fair-picker.ts),
 * each under a lease it renews while working; a task whose worker died is claimed again once its
 * lease runs out (docs/adr/0011).
 */
export class TaskQueue {
  private readonly running = new Map<string, number>();
  /** The tasks this process runs now, to stop one when it is cancelled. */
  private readonly controllers = new Map<string, AbortController>();
  private readonly inFlight = new Set<Promise<void>>();
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private poller: NodeJS.Timeout | undefined;
  readonly limits: FairLimits;
  readonly workerId = `${hostname()}:${process.pid}:${newId('wrk')}`;

  constructor(
    private readonly db: Db,
    private readonly process: Processor,
    private readonly log: (line: string) => void,
    private readonly options: QueueOptions = {},
  ) {
    this.limits = limitsFor(options.concurrency ?? 1);
  }

  /**
   * Takes the task's credits and inserts it as queued, in one transaction (joined when `db` is
   * already one); 402 when short. `projectId` may be a function run inside that transaction.
   */
  async enqueue(
    db: Db,
    task: {
      accountId: string;
      projectId: string | ((tx: Db) => Promise<string>);
      type: TaskType;
      input: unknown;
    },
  ): Promise<TaskRow> {
    const cost = TASK_COSTS[task.type] ?? 0;
    const row = await db.tx(async (tx) => {
      if (!(await chargeCredits(tx, task.accountId, cost))) {
        throw new HttpError(402, `This task needs ${cost} credits; the balance is too low.`);
      }
      const projectId =
        typeof task.projectId === 'string' ? task.projectId : await task.projectId(tx);
      return insertTask(tx, { ...task, projectId, cost, status: 'queued' });
    });
    this.kick();
    return row;
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.resumeOnStart) {
      const resumed = await resumeInterrupted(this.db);
      if (resumed > 0) this.log(`Resuming ${resumed} interrupted task(s).`);
    }
    this.poller = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.poller.unref();
    this.kick();
  }

  /** Looks for work: on enqueue, at start, on every poll and whenever a task ends. */
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

  /** Claims tasks until every slot of this process is taken or nothing is runnable. */
  private async fill(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.limits.global) {
      const task = await claimTask(this.db, this.workerId, this.limits, this.log);
      if (!task) return;
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

  /**
   * Cancels a queued or running task of `accountId` (404 for another's, 409 once it ended): it
   * ends `cancelled` with its credits refunded, and the process running it (this one at once, any
   * other at its next lease renewal or progress write) stops and removes what it wrote.
   */
  async cancel(accountId: string, taskId: string): Promise<Task> {
    const row = await this.db.tx(async (tx) => {
      const task = await tx.one<TaskRow>(
        `SELECT * FROM tasks WHERE id = ? AND account_id = ?${tx.forUpdate}`,
        taskId,
        accountId,
      );
      if (!task) throw notFound('Task');
      if (isTerminalStatus(task.status)) {
        throw new HttpError(
          409,
          `The task already ended (${task.status}); it cannot be cancelled.`,
        );
      }
      await setTaskStatus(tx, task.id, 'cancelled', { error: 'Cancelled by the user.' });
      await refundCredits(tx, task.account_id, task.cost);
      return getTask(tx, accountId, taskId);
    });
    this.controllers.get(taskId)?.abort(new TaskCancelled());
    if (!row) throw notFound('Task');
    return taskView(row);
  }

  private async runOne(task: TaskRow): Promise<void> {
    let lost = false;
    const controller = new AbortController();
    this.controllers.set(task.id, controller);
    const heartbeat = setInterval(() => {
      renewLease(this.db, task.id, this.workerId).then(
        (held) => {
          if (held) return;
          lost = true;
          controller.abort(new TaskCancelled());
        },
        (error: unknown) => this.log(`Task ${task.id}: lease not renewed: ${String(error)}`),
      );
    }, LEASE_MS / 3);
    heartbeat.unref();
    try {
      const finished = await this.process(task, controller.signal);
      if (this.stopped || lost || controller.signal.aborted) {
        await finished.discard?.();
        return;
      }
      try {
        await this.db.tx(async (tx) => {
          if (!(await this.holds(tx, task.id))) throw new LeaseLost();
          const output = await finished.commit(tx);
          await setTaskStatus(tx, task.id, 'completed', { output });
        });
      } catch (error) {
        await finished.discard?.();
        if (error instanceof LeaseLost) return;
        throw error;
      }
      await finished.after?.();
    } catch (error) {
      // Stopping cut the work off: leave it in progress, it resumes on the next start.
      if (this.stopped) return;
      await this.fail(task, error);
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(task.id);
    }
  }

  /** This worker still holds the task (the row stays locked to the end, on PostgreSQL). */
  private async holds(tx: Db, taskId: string): Promise<boolean> {
    const row = await tx.one<{ id: string }>(
      `SELECT id FROM tasks WHERE id = ? AND worker_id = ? AND status = 'in-progress'${tx.forUpdate}`,
      taskId,
      this.workerId,
    );
    return row !== undefined;
  }

  private async fail(task: TaskRow, error: unknown): Promise<void> {
    const message =
      error instanceof DspUserError || error instanceof HttpError
        ? error.message
        : `The task failed: ${(error as Error).message}`;
    if (!(error instanceof DspUserError)) this.log(`Task ${task.id} failed: ${String(error)}`);
    await this.db.tx(async (tx) => {
      // Refund once: only the worker that still holds the task marks it failed.
      if (!(await this.holds(tx, task.id))) return;
      await setTaskStatus(tx, task.id, 'failed', { error: message });
      await refundCredits(tx, task.account_id, task.cost);
    });
  }

  /** How many tasks run now in this process, by account (tests and diagnostics). */
  runningCounts(): ReadonlyMap<string, number> {
    return this.running;
  }

  /** Stops taking tasks, stops the running ones' processes and waits for them to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const controller of this.controllers.values()) controller.abort(new TaskCancelled());
    clearInterval(this.poller);
    await this.pumping;
    await Promise.all([...this.inFlight]);
  }
}
