/**
 * The queue's driver on the `tasks` table, through the `Db` port (so on SQLite and PostgreSQL
 * alike): a task is enqueued in the same transaction as the change that creates it (the project,
 * the credits); claims are fair across accounts and held under leases (claim.ts); results and
 * "completed" commit together only while the claiming worker still holds the task (docs/adr/0011).
 */
import { isTerminalStatus, type Task } from '../../src/contract';
import { chargeCredits, refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { nowIso } from '../db/ids';
import { getTask, insertTask, setTaskStatus, taskView, type TaskRow } from '../db/tasks';
import { InsufficientCreditsError, NotFoundError, StateConflictError } from '../errors';
import { claimTask, LEASE_MS, renewLease, resumeInterrupted } from './claim';
import type { FairLimits } from './fair-picker';
import { TASK_COSTS, type NewTask, type QueueEvent, type TaskQueue } from './queue';

export class SqlTaskQueue implements TaskQueue {
  readonly leaseMs = LEASE_MS;
  private readonly listeners = new Set<(event: QueueEvent) => void>();

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {}

  async enqueue(db: Db, task: NewTask): Promise<TaskRow> {
    const cost = TASK_COSTS[task.type] ?? 0;
    const row = await db.tx(async (tx) => {
      if (!(await chargeCredits(tx, task.accountId, cost))) {
        throw new InsufficientCreditsError(cost);
      }
      const projectId =
        typeof task.projectId === 'string' ? task.projectId : await task.projectId(tx);
      return insertTask(tx, { ...task, projectId, cost, status: 'queued' });
    });
    this.emit({ type: 'enqueued' });
    return row;
  }

  async cancel(accountId: string, taskId: string): Promise<Task> {
    const row = await this.db.tx(async (tx) => {
      const task = await tx.one<TaskRow>(
        `SELECT * FROM tasks WHERE id = ? AND account_id = ?${tx.forUpdate}`,
        taskId,
        accountId,
      );
      if (!task) throw new NotFoundError('Task');
      if (isTerminalStatus(task.status)) {
        throw new StateConflictError(
          `The task already ended (${task.status}); it cannot be cancelled.`,
        );
      }
      await setTaskStatus(tx, task.id, 'cancelled', { error: 'Cancelled by the user.' });
      await refundCredits(tx, task.account_id, task.cost);
      return getTask(tx, accountId, taskId);
    });
    this.emit({ type: 'cancelled', taskId });
    if (!row) throw new NotFoundError('Task');
    return taskView(row);
  }

  watch(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: QueueEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  claim(workerId: string, limits: FairLimits): Promise<TaskRow | undefined> {
    return claimTask(this.db, workerId, limits, this.log);
  }

  renew(task: TaskRow): Promise<boolean> {
    return renewLease(this.db, task.id, task.worker_id ?? '');
  }

  async report(task: TaskRow, output: Record<string, unknown>): Promise<boolean> {
    const done = await this.db.run(
      `UPDATE tasks SET output_json = ?, updated_at = ?
       WHERE id = ? AND worker_id = ? AND status = 'in-progress'`,
      JSON.stringify(output),
      nowIso(),
      task.id,
      task.worker_id,
    );
    return done.changes > 0;
  }

  complete(task: TaskRow, commit: (tx: Db) => Promise<unknown>): Promise<boolean> {
    return this.db.tx(async (tx) => {
      if (!(await holds(tx, task))) return false;
      const output = await commit(tx);
      await setTaskStatus(tx, task.id, 'completed', { output });
      return true;
    });
  }

  async fail(task: TaskRow, message: string): Promise<void> {
    await this.db.tx(async (tx) => {
      // Refund once: only the worker that still holds the task marks it failed.
      if (!(await holds(tx, task))) return;
      await setTaskStatus(tx, task.id, 'failed', { error: message });
      await refundCredits(tx, task.account_id, task.cost);
    });
  }

  resumeInterrupted(): Promise<number> {
    return resumeInterrupted(this.db);
  }
}

/** The task's worker still holds it (the row stays locked to the end, on PostgreSQL). */
async function holds(tx: Db, task: TaskRow): Promise<boolean> {
  const row = await tx.one<{ id: string }>(
    `SELECT id FROM tasks WHERE id = ? AND worker_id = ? AND status = 'in-progress'${tx.forUpdate}`,
    task.id,
    task.worker_id,
  );
  return row !== undefined;
}
