import type { Db } from './database';
import { newId, nowIso } from './ids';

/** A file's row; its bytes live in the FileStore under the same id. */
export interface FileRow {
  id: string;
  account_id: string;
  filename: string;
  content_type: string;
  expected_size: number;
  size: number | null;
  status: 'pending' | 'complete';
  used_by: string | null;
}

export function fileRow(db: Db, id: string, lock = ''): Promise<FileRow | undefined> {
  return db.one<FileRow>(`SELECT * FROM files WHERE id = ?${lock}`, id);
}

export async function insertPendingFile(
  db: Db,
  f: { accountId: string; filename: string; contentType: string; size: number },
): Promise<string> {
  const id = newId('file');
  await db.run(
    `INSERT INTO files (id, account_id, filename, content_type, expected_size, status, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    id,
    f.accountId,
    f.filename,
    f.contentType,
    f.size,
    nowIso(),
  );
  return id;
}

export async function insertCompleteFile(
  db: Db,
  f: { id: string; accountId: string; filename: string; contentType: string; size: number },
): Promise<void> {
  await db.run(
    `INSERT INTO files (id, account_id, filename, content_type, expected_size, size, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'complete', ?)`,
    f.id,
    f.accountId,
    f.filename,
    f.contentType,
    f.size,
    f.size,
    nowIso(),
  );
}

/** Marks an upload complete; false when it already was (another request got there first). */
export async function markFileComplete(db: Db, id: string, size: number): Promise<boolean> {
  const done = await db.run(
    "UPDATE files SET status = 'complete', size = ? WHERE id = ? AND status = 'pending'",
    size,
    id,
  );
  return done.changes > 0;
}

export async function markFileUsed(db: Db, id: string, projectId: string): Promise<void> {
  await db.run('UPDATE files SET used_by = ? WHERE id = ?', projectId, id);
}

export async function deleteFileRow(db: Db, id: string): Promise<void> {
  await db.run('DELETE FROM files WHERE id = ?', id);
}
