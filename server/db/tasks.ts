import type { Task, TaskListEntry, TaskStatus, TaskType } from '../../src/contract';
import type { Db } from './database';
import { newId, nowIso } from './ids';
import { all, one, run } from './statements';

export interface TaskRow {
  id: string;
  account_id: string;
  project_id: string;
  type: TaskType;
  status: TaskStatus;
  error: string | null;
  input_json: string;
  output_json: string | null;
  cost: number;
  attempts: number;
  created_at: string;
  updated_at: string;
}

export const taskView = (row: TaskRow): Task => ({
  id: row.id,
  type: row.type,
  status: row.status,
  error: row.error,
  output: row.output_json ? (JSON.parse(row.output_json) as Task['output']) : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const taskListEntry = (row: TaskRow): TaskListEntry => ({
  id: row.id,
  type: row.type,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  error: row.error,
});

export function getTask(db: Db, accountId: string, id: string): TaskRow | undefined {
  return one<TaskRow>(db, 'SELECT * FROM tasks WHERE id = ? AND account_id = ?', id, accountId);
}

export function projectTasks(db: Db, projectId: string): TaskRow[] {
  return all<TaskRow>(db, 'SELECT * FROM tasks WHERE project_id = ? ORDER BY seq DESC', projectId);
}

export function latestProjectTask(db: Db, projectId: string): TaskRow | undefined {
  return one<TaskRow>(
    db,
    'SELECT * FROM tasks WHERE project_id = ? ORDER BY seq DESC LIMIT 1',
    projectId,
  );
}

/** Inserts a task as `created`; the queue moves it to `queued` once its credits are taken. */
export function insertTask(
  db: Db,
  task: { accountId: string; projectId: string; type: TaskType; input: unknown; cost: number },
): TaskRow {
  const id = newId('task');
  const now = nowIso();
  run(
    db,
    `INSERT INTO tasks (id, account_id, project_id, type, status, input_json, cost, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'created', ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tasks), ?, ?)`,
    id,
    task.accountId,
    task.projectId,
    task.type,
    JSON.stringify(task.input),
    task.cost,
    now,
    now,
  );
  return one<TaskRow>(db, 'SELECT * FROM tasks WHERE id = ?', id) as TaskRow;
}

export function setTaskStatus(
  db: Db,
  id: string,
  status: TaskStatus,
  extra: { error?: string | null; output?: unknown } = {},
): void {
  run(
    db,
    `UPDATE tasks SET status = ?, error = COALESCE(?, error), output_json = COALESCE(?, output_json),
       attempts = attempts + (CASE WHEN ? = 'in-progress' THEN 1 ELSE 0 END), updated_at = ? WHERE id = ?`,
    status,
    extra.error ?? null,
    extra.output === undefined ? null : JSON.stringify(extra.output),
    status,
    nowIso(),
    id,
  );
}

/** The oldest queued task of each account: what the fair picker chooses from (docs/adr/0010). */
export function queuedHeads(db: Db): { id: string; accountId: string; seq: number }[] {
  return all(
    db,
    `SELECT t.id AS id, t.account_id AS accountId, t.seq AS seq FROM tasks t
       JOIN (SELECT account_id, MIN(seq) AS seq FROM tasks WHERE status = 'queued' GROUP BY account_id) h
         ON t.account_id = h.account_id AND t.seq = h.seq`,
  );
}

/** queued -> in-progress (counting the attempt); false when it was not queued any more. */
export function claimTask(db: Db, id: string): TaskRow | undefined {
  const claimed = run(
    db,
    `UPDATE tasks SET status = 'in-progress', attempts = attempts + 1, updated_at = ?
     WHERE id = ? AND status = 'queued'`,
    nowIso(),
    id,
  ).changes;
  return claimed ? one<TaskRow>(db, 'SELECT * FROM tasks WHERE id = ?', id) : undefined;
}

/** Tasks left `in-progress` by a process that stopped or crashed. */
export function interruptedTasks(db: Db): TaskRow[] {
  return all<TaskRow>(db, "SELECT * FROM tasks WHERE status = 'in-progress' ORDER BY seq");
}
