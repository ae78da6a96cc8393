import { refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { setTaskStatus, type TaskRow } from '../db/tasks';

/** A worker renews its lease every third of this; a task whose lease ran out is claimed again. */
export const LEASE_MS = 30_000;
/** A task gives up after being interrupted this many times (a crash loop must end). */
export const MAX_ATTEMPTS = 3;
/** At most this many tasks of one account run at once, whatever the number of workers. */
export const TASKS_PER_ACCOUNT = Number(process.env.TASKS_PER_ACCOUNT) || 2;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The next task for this worker, fair across accounts: among runnable tasks (queued, or in progress
 * with an expired lease), accounts with fewer tasks running come first, then the account served
 * least recently (round robin), then the oldest task; an account at its limit waits. One claim at
 * a time (an advisory lock on PostgreSQL, the write lock on SQLite) keeps the limit exact; `SKIP
 * LOCKED` passes over rows another transaction holds.
 */
export async function claimTask(
  db: Db,
  workerId: string,
  log: (line: string) => void,
): Promise<TaskRow | undefined> {
  for (;;) {
    const outcome = await db.tx(async (tx) => {
      const now = Date.now();
      if (tx.dialect === 'postgres') {
        await tx.run("SELECT pg_advisory_xact_lock(hashtext('karaoke-claim'))");
      }
      const running = `(SELECT COUNT(*) FROM tasks r WHERE r.account_id = t.account_id
         AND r.status = 'in-progress' AND r.lease_until >= ?)`;
      const task = await tx.one<TaskRow>(
        `SELECT t.* FROM tasks t
         WHERE (t.status = 'queued'
                OR (t.status = 'in-progress' AND (t.lease_until IS NULL OR t.lease_until < ?)))
           AND ${running} < ?
         ORDER BY ${running},
           (SELECT COALESCE(MAX(r.started_at), '') FROM tasks r WHERE r.account_id = t.account_id),
           t.seq
         LIMIT 1${tx.dialect === 'postgres' ? ' FOR UPDATE OF t SKIP LOCKED' : ''}`,
        iso(now),
        iso(now),
        TASKS_PER_ACCOUNT,
        iso(now),
      );
      if (!task) return undefined;
      if (task.status === 'in-progress' && task.attempts >= MAX_ATTEMPTS) {
        await setTaskStatus(tx, task.id, 'failed', {
          error: 'The task was interrupted too many times.',
        });
        await refundCredits(tx, task.account_id, task.cost);
        return 'gave-up' as const;
      }
      if (task.status === 'in-progress')
        log(`Task ${task.id}: its worker stopped; running it again.`);
      await tx.run(
        `UPDATE tasks SET status = 'in-progress', attempts = attempts + 1, worker_id = ?,
           lease_until = ?, started_at = ?, updated_at = ? WHERE id = ?`,
        workerId,
        iso(now + LEASE_MS),
        iso(now),
        iso(now),
        task.id,
      );
      return { ...task, status: 'in-progress' as const, worker_id: workerId };
    });
    if (outcome !== 'gave-up') return outcome;
  }
}

/** Extends the lease; false when the task is no longer this worker's. */
export async function renewLease(db: Db, taskId: string, workerId: string): Promise<boolean> {
  const done = await db.run(
    `UPDATE tasks SET lease_until = ? WHERE id = ? AND worker_id = ? AND status = 'in-progress'`,
    iso(Date.now() + LEASE_MS),
    taskId,
    workerId,
  );
  return done.changes > 0;
}
