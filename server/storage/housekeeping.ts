/**
 * Files that nobody will ever read again (docs/adr/0010): partial files (`.part`) left by a crash
 * or an abandoned upload, upload records whose address expired before any byte arrived, and
 * uploads never used by a project. Run at start and then hourly.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { removeFile, type FileStore } from './file-store';

const HOUR_MS = 3600_000;
/** A `.part` this old belongs to no upload or task still running (upload links last 1 h). */
export const PART_MAX_AGE_MS = 6 * HOUR_MS;
/** An upload record with no bytes after this was abandoned (its address expired after 1 h). */
export const PENDING_MAX_AGE_MS = 2 * HOUR_MS;
/** An uploaded file no project used after this is removed. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * HOUR_MS;

/** Removes `.part` files older than `maxAgeMs` (0 at start: every one is a leftover). */
export function removeParts(dir: string, maxAgeMs: number, now = Date.now()): number {
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.part')) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs < maxAgeMs) continue;
      // A render's scratch folder (server/render) is a `.part` too.
      rmSync(path, { force: true, recursive: true });
      removed++;
    } catch {
      // Gone meanwhile (renamed into place or removed): nothing to do.
    }
  }
  return removed;
}

/** Files referenced by nothing: pending uploads gone stale, and unused complete uploads. */
export async function expiredFiles(db: Db, now = Date.now()): Promise<string[]> {
  const iso = (ms: number) => new Date(now - ms).toISOString();
  const rows = await db.all<{ id: string }>(
    `SELECT f.id AS id FROM files f
     WHERE f.used_by IS NULL
       AND ((f.status = 'pending' AND f.created_at < ?) OR (f.status = 'complete' AND f.created_at < ?))
       AND NOT EXISTS (SELECT 1 FROM stems s WHERE s.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM media m WHERE m.file_id = f.id OR m.preview_file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.input_file_id = f.id)`,
    iso(PENDING_MAX_AGE_MS),
    iso(UNUSED_UPLOAD_MAX_AGE_MS),
  );
  return rows.map((row) => row.id);
}

export async function sweepFiles(
  db: Db,
  files: FileStore,
  options: { atStart: boolean; now?: number },
): Promise<{ parts: number; files: number }> {
  const now = options.now ?? Date.now();
  const parts = removeParts(files.scratchDir, options.atStart ? 0 : PART_MAX_AGE_MS, now);
  const expired = await expiredFiles(db, now);
  for (const id of expired) await removeFile(db, files, id);
  return { parts, files: expired.length };
}
