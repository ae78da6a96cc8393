import type { Export, MediaItem, Preset, StyleObject } from '../../src/contract';
import type { FileStore } from '../storage/file-store';
import type { Db } from './database';
import { newId, nowIso } from './ids';

// ---- exports ----

export interface ExportRow {
  id: string;
  project_id: string;
  status: Export['status'];
  data_json: string;
  task_id: string | null;
  created_at: string;
  updated_at: string;
  /** The status of the task making it (joined), while the export itself is not completed. */
  task_status?: Export['status'] | null;
  task_updated_at?: string | null;
}

/**
 * An export as the API shows it: a completed one is completed (its file is there); any other
 * follows its task (queued, in-progress, failed, cancelled), so a status is never stale.
 */
export const exportView = (row: ExportRow): Export => {
  const followsTask = row.status !== 'completed' && row.task_status;
  return {
    ...(JSON.parse(row.data_json) as Partial<Export>),
    id: row.id,
    status: followsTask ? (row.task_status as Export['status']) : row.status,
    ...(row.task_id ? { taskId: row.task_id } : {}),
    createdAt: row.created_at,
    updatedAt: followsTask && row.task_updated_at ? row.task_updated_at : row.updated_at,
  };
};

const EXPORT_COLUMNS = `e.*, t.status AS task_status, t.updated_at AS task_updated_at
  FROM exports e LEFT JOIN tasks t ON t.id = e.task_id`;

/** Newest first; `page` counts from 1. */
export function projectExports(
  db: Db,
  projectId: string,
  page: number,
  limit: number,
): Promise<ExportRow[]> {
  return db.all<ExportRow>(
    `SELECT ${EXPORT_COLUMNS} WHERE e.project_id = ? ORDER BY e.seq DESC LIMIT ? OFFSET ?`,
    projectId,
    limit,
    (page - 1) * limit,
  );
}

export function getExport(
  db: Db,
  projectId: string,
  exportId: string,
): Promise<ExportRow | undefined> {
  return db.one<ExportRow>(
    `SELECT ${EXPORT_COLUMNS} WHERE e.project_id = ? AND e.id = ?`,
    projectId,
    exportId,
  );
}

export async function insertExport(
  db: Db,
  projectId: string,
  status: Export['status'],
  data: Omit<Export, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
  createdAt = nowIso(),
): Promise<string> {
  const id = newId('exp');
  await db.run(
    `INSERT INTO exports (id, project_id, status, data_json, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM exports), ?, ?)`,
    id,
    projectId,
    status,
    JSON.stringify(data),
    createdAt,
    createdAt,
  );
  return id;
}

export async function setExportTask(db: Db, exportId: string, taskId: string): Promise<void> {
  await db.run('UPDATE exports SET task_id = ? WHERE id = ?', taskId, exportId);
}

/** Marks an export completed with its file (in the render task's commit). */
export async function completeExport(
  db: Db,
  exportId: string,
  data: Partial<Export> & { fileId: string },
): Promise<void> {
  const row = await db.one<{ data_json: string }>(
    'SELECT data_json FROM exports WHERE id = ?',
    exportId,
  );
  const merged = { ...(row ? (JSON.parse(row.data_json) as object) : {}), ...data };
  await db.run(
    `UPDATE exports SET status = 'completed', data_json = ?, updated_at = ? WHERE id = ?`,
    JSON.stringify(merged),
    nowIso(),
    exportId,
  );
}

// ---- presets ----

interface PresetRow {
  id: string;
  name: string;
  is_default: number;
  preset_json: string;
  created_at: string;
  updated_at: string;
}

export const presetView = (row: PresetRow): Preset => ({
  id: row.id,
  name: row.name,
  isDefault: row.is_default === 1,
  preset: JSON.parse(row.preset_json) as StyleObject,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function listPresets(db: Db, accountId: string): Promise<Preset[]> {
  const rows = await db.all<PresetRow>(
    'SELECT * FROM presets WHERE account_id = ? ORDER BY created_at, rowid',
    accountId,
  );
  return rows.map(presetView);
}

export function getPreset(db: Db, accountId: string, id: string): Promise<PresetRow | undefined> {
  return db.one<PresetRow>('SELECT * FROM presets WHERE id = ? AND account_id = ?', id, accountId);
}

export async function insertPreset(
  db: Db,
  accountId: string,
  name: string,
  preset: StyleObject,
  isDefault: boolean,
): Promise<string> {
  const id = newId('pst');
  const now = nowIso();
  await db.run(
    `INSERT INTO presets (id, account_id, name, is_default, preset_json, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    id,
    accountId,
    name,
    isDefault ? 1 : 0,
    JSON.stringify(preset),
    now,
    now,
  );
  return id;
}

/** Creates a preset; `isDefault` makes it the account's only default. */
export function createPreset(
  db: Db,
  accountId: string,
  name: string,
  preset: StyleObject,
  isDefault: boolean,
): Promise<PresetRow> {
  return db.tx(async (tx) => {
    if (isDefault) {
      await tx.run('UPDATE presets SET is_default = 0 WHERE account_id = ?', accountId);
    }
    const id = await insertPreset(tx, accountId, name, preset, isDefault);
    const row = await getPreset(tx, accountId, id);
    if (!row) throw new Error('the new preset was not read back');
    return row;
  });
}

/** Replaces a preset's style; false when the account has no such preset. */
export async function replacePresetStyle(
  db: Db,
  accountId: string,
  id: string,
  preset: StyleObject,
): Promise<boolean> {
  const done = await db.run(
    'UPDATE presets SET preset_json = ?, updated_at = ? WHERE id = ? AND account_id = ?',
    JSON.stringify(preset),
    nowIso(),
    id,
    accountId,
  );
  return done.changes > 0;
}

/** At most one default per account: making one the default clears the others. */
export function patchPreset(
  db: Db,
  accountId: string,
  id: string,
  patch: { name?: string; isDefault?: boolean },
): Promise<void> {
  return db.tx(async (tx) => {
    if (patch.isDefault) {
      await tx.run(
        'UPDATE presets SET is_default = 0 WHERE account_id = ? AND id != ?',
        accountId,
        id,
      );
    }
    await tx.run(
      `UPDATE presets SET name = COALESCE(?, name), is_default = COALESCE(?, is_default), updated_at = ?
       WHERE id = ? AND account_id = ?`,
      patch.name ?? null,
      patch.isDefault === undefined ? null : patch.isDefault ? 1 : 0,
      nowIso(),
      id,
      accountId,
    );
  });
}

export async function deletePreset(db: Db, accountId: string, id: string): Promise<boolean> {
  const done = await db.run('DELETE FROM presets WHERE id = ? AND account_id = ?', id, accountId);
  return done.changes > 0;
}

// ---- media ----

export interface MediaRow {
  id: string;
  type: MediaItem['type'];
  status: MediaItem['status'];
  error: string | null;
  width: number | null;
  height: number | null;
  file_id: string | null;
  preview_file_id: string | null;
  created_at: string;
  updated_at: string;
}

export const mediaView = async (
  row: MediaRow,
  files: FileStore,
  origin: string,
): Promise<MediaItem> => ({
  id: row.id,
  type: row.type,
  status: row.status,
  error: row.error,
  width: row.width,
  height: row.height,
  url: row.file_id ? await files.url(origin, row.file_id) : null,
  previewUrl: row.preview_file_id ? await files.url(origin, row.preview_file_id) : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function listMedia(db: Db, accountId: string): Promise<MediaRow[]> {
  return db.all<MediaRow>(
    'SELECT * FROM media WHERE account_id = ? ORDER BY created_at, rowid',
    accountId,
  );
}

export function getMedia(db: Db, accountId: string, id: string): Promise<MediaRow | undefined> {
  return db.one<MediaRow>('SELECT * FROM media WHERE id = ? AND account_id = ?', id, accountId);
}

export async function insertMedia(
  db: Db,
  accountId: string,
  m: Omit<MediaRow, 'id' | 'created_at' | 'updated_at'>,
): Promise<string> {
  const id = newId('med');
  const now = nowIso();
  await db.run(
    `INSERT INTO media (id, account_id, type, status, error, width, height, file_id, preview_file_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    accountId,
    m.type,
    m.status,
    m.error,
    m.width,
    m.height,
    m.file_id,
    m.preview_file_id,
    now,
    now,
  );
  return id;
}

/** Deletes a media item; returns the ids of its files (to remove), or undefined when unknown. */
export function deleteMedia(db: Db, accountId: string, id: string): Promise<string[] | undefined> {
  return db.tx(async (tx) => {
    const row = await tx.one<MediaRow>(
      `SELECT * FROM media WHERE id = ? AND account_id = ?${tx.forUpdate}`,
      id,
      accountId,
    );
    if (!row) return undefined;
    await tx.run('DELETE FROM media WHERE id = ? AND account_id = ?', id, accountId);
    const fileIds = [...new Set([row.file_id, row.preview_file_id])].filter(
      (f): f is string => typeof f === 'string',
    );
    // A file another media item or a stem still uses stays.
    const kept: string[] = [];
    for (const fileId of fileIds) {
      const used = await tx.one(
        'SELECT 1 FROM media WHERE file_id = ? OR preview_file_id = ? UNION SELECT 1 FROM stems WHERE file_id = ?',
        fileId,
        fileId,
        fileId,
      );
      if (!used) kept.push(fileId);
    }
    return kept;
  });
}
