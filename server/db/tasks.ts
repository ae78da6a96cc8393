import type { Task, TaskListEntry, TaskStatus, TaskType } from '../../src/contract';
import type { Db } from './database';
import { newId, nowIso } from './ids';

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
  worker_id: string | null;
  lease_until: string | null;
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

export function getTask(db: Db, accountId: string, id: string): Promise<TaskRow | undefined> {
  return db.one<TaskRow>('SELECT * FROM tasks WHERE id = ? AND account_id = ?', id, accountId);
}

export function projectTasks(db: Db, projectId: string): Promise<TaskRow[]> {
  return db.all<TaskRow>('SELECT * FROM tasks WHERE project_id = ? ORDER BY seq DESC', projectId);
}

export function latestProjectTask(db: Db, projectId: string): Promise<TaskRow | undefined> {
  return db.one<TaskRow>(
    'SELECT * FROM tasks WHERE project_id = ? ORDER BY seq DESC LIMIT 1',
    projectId,
  );
}

/** Inserts a task (`created`, or `queued` when its credits are already taken). */
export async function insertTask(
  db: Db,
  task: {
    accountId: string;
    projectId: string;
    type: TaskType;
    input: unknown;
    cost: number;
    status?: 'created' | 'queued';
  },
): Promise<TaskRow> {
  const id = newId('task');
  const now = nowIso();
  await db.run(
    `INSERT INTO tasks (id, account_id, project_id, type, status, input_json, cost, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tasks), ?, ?)`,
    id,
    task.accountId,
    task.projectId,
    task.type,
    task.status ?? 'created',
    JSON.stringify(task.input),
    task.cost,
    now,
    now,
  );
  return (await db.one<TaskRow>('SELECT * FROM tasks WHERE id = ?', id)) as TaskRow;
}

export async function setTaskStatus(
  db: Db,
  id: string,
  status: TaskStatus,
  extra: { error?: string | null; output?: unknown } = {},
): Promise<void> {
  await db.run(
    `UPDATE tasks SET status = ?, error = COALESCE(?, error), output_json = COALESCE(?, output_json),
       lease_until = NULL, updated_at = ? WHERE id = ?`,
    status,
    extra.error ?? null,
    extra.output === undefined ? null : JSON.stringify(extra.output),
    nowIso(),
    id,
  );
}
