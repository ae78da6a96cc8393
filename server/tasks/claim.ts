import { refundCredits } from '../db/accounts';
import type { Db } from '../db/database';
import { setTaskStatus, type TaskRow } from '../db/tasks';
import { FairPicker, type FairLimits, type QueueHead } from './fair-picker';

/** A worker renews its lease every third of this; a task whose lease ran out is claimed again. */
export const LEASE_MS = Number(process.env.TASK_LEASE_MS) || 30_000;
/** A task gives up after being interrupted this many times (a crash loop must end). */
export const MAX_ATTEMPTS = 3;
export const CRASH_LOOP_ERROR = 'The task was interrupted too many times.';

const iso = (ms: number) => new Date(ms).toISOString();
/** Runnable: queued, or in progress under a lease that ran out (its worker died). */
const RUNNABLE = `(status = 'queued' OR (status = 'in-progress' AND (lease_until IS NULL OR lease_until < ?)))`;

/** The queue as the fair picker sees it, read inside the claim's transaction. */
async function queueView(tx: Db, now: string) {
  const heads = await tx.all<QueueHead>(
    `SELECT t.id AS id, t.account_id AS "accountId", t.seq AS seq FROM tasks t
       JOIN (SELECT account_id, MIN(seq) AS seq FROM tasks WHERE ${RUNNABLE} GROUP BY account_id) h
         ON t.account_id = h.account_id AND t.seq = h.seq`,
    now,
  );
  const running = new Map<string, number>();
  const lastServed = new Map<string, number>();
  if (heads.length === 0) return { heads, running, lastServed };
  const accounts = [...new Set(heads.map((h) => h.accountId))];
  const marks = accounts.map(() => '?').join(', ');
  const rows = await tx.all<{ accountId: string; running: number; started: string | null }>(
    `SELECT account_id AS "accountId",
       SUM(CASE WHEN status = 'in-progress' AND lease_until >= ? THEN 1 ELSE 0 END) AS running,
       MAX(started_at) AS started
     FROM tasks WHERE account_id IN (${marks}) GROUP BY account_id`,
    now,
    ...accounts,
  );
  for (const row of rows) {
    running.set(row.accountId, Number(row.running));
    if (row.started) lastServed.set(row.accountId, Date.parse(row.started));
  }
  return { heads, running, lastServed };
}

/**
 * The next task for this worker by the fair rule of fair-picker.ts, applied to the whole cluster:
 * the running counts and "served last" times come from the tasks table, so every worker process
 * honours the same per-account share. One claim at a time (an advisory lock on PostgreSQL, the
 * write lock on SQLite) keeps the share exact; `SKIP LOCKED` passes over a row another
 * transaction holds. A task interrupted MAX_ATTEMPTS times fails with its credits refunded.
 */
export async function claimTask(
  db: Db,
  workerId: string,
  limits: FairLimits,
  log: (line: string) => void,
): Promise<TaskRow | undefined> {
  const picker = new FairPicker();
  for (;;) {
    const outcome = await db.tx(async (tx) => {
      const now = Date.now();
      if (tx.dialect === 'postgres') {
        await tx.one("SELECT pg_advisory_xact_lock(hashtext('karaoke-claim'))");
      }
      const view = await queueView(tx, iso(now));
      // The global limit is this process's slots (checked by the queue); the share is cluster-wide.
      const pickLimits = { global: Number.POSITIVE_INFINITY, perAccount: limits.perAccount };
      const head = picker.pick(view.heads, view.running, pickLimits, view.lastServed);
      if (!head) return undefined;
      const task = await tx.one<TaskRow>(
        `SELECT * FROM tasks WHERE id = ? AND ${RUNNABLE}${
          tx.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''
        }`,
        head.id,
        iso(now),
      );
      if (!task) return 'again' as const;
      if (task.status === 'in-progress' && task.attempts >= MAX_ATTEMPTS) {
        await setTaskStatus(tx, task.id, 'failed', { error: CRASH_LOOP_ERROR });
        await refundCredits(tx, task.account_id, task.cost);
        return 'again' as const;
      }
      if (task.status === 'in-progress') {
        log(`Task ${task.id}: its worker stopped; running it again.`);
      }
      await tx.run(
        `UPDATE tasks SET status = 'in-progress', attempts = attempts + 1, worker_id = ?,
           lease_until = ?, started_at = ?, updated_at = ? WHERE id = ?`,
        workerId,
        iso(now + LEASE_MS),
        iso(now),
        iso(now),
        task.id,
      );
      return {
        ...task,
        status: 'in-progress' as const,
        attempts: task.attempts + 1,
        worker_id: workerId,
      };
    });
    if (outcome !== 'again') return outcome;
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

/**
 * At the start of a single-process database (SQLite): tasks left in progress were cut off by our
 * own stop or crash. Those interrupted MAX_ATTEMPTS times fail (credits refunded); the others are
 * queued again. Returns how many were resumed.
 */
export async function resumeInterrupted(db: Db): Promise<number> {
  return db.tx(async (tx) => {
    const interrupted = await tx.all<TaskRow>(
      "SELECT * FROM tasks WHERE status = 'in-progress' ORDER BY seq",
    );
    let resumed = 0;
    for (const task of interrupted) {
      if (task.attempts >= MAX_ATTEMPTS) {
        await setTaskStatus(tx, task.id, 'failed', { error: CRASH_LOOP_ERROR });
        await refundCredits(tx, task.account_id, task.cost);
      } else {
        await tx.run(
          "UPDATE tasks SET status = 'queued', worker_id = NULL, lease_until = NULL WHERE id = ?",
          task.id,
        );
        resumed++;
      }
    }
    return resumed;
  });
}
