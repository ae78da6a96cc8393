/**
 * The file storage port: where the bytes of uploads, stems and media live. Rows describing them are
 * in the database (db/files.ts); a file's bytes are stored under its row's id. Two adapters: local
 * files under DATA_DIR/files served by this service (local-files.ts), and an S3-compatible store
 * that clients reach directly through presigned URLs.
 */
import { writeFileSync } from 'node:fs';
import { newId } from '../db/ids';
import { deleteFileRow, insertCompleteFile, type FileRow } from '../db/files';
import type { Db } from '../db/database';

export interface FileStore {
  /** A GET link for a complete file, expiring, that a plain `<audio src>` can use (Range works). */
  url(origin: string, id: string): Promise<string>;
  /** Where the client PUTs the bytes of a pending upload (expires after `seconds`). */
  uploadUrl(origin: string, file: FileRow, seconds: number): Promise<string>;
  /**
   * The size of an upload's bytes once they are all there, else undefined. The local store
   * receives them itself (the row is already complete); S3 is asked (HEAD).
   */
  uploadedSize(file: FileRow): Promise<number | undefined>;
  /** Stores a complete local file under `id`; the local file is consumed. Returns its size. */
  putFile(id: string, path: string, contentType: string): Promise<number>;
  /** A local path holding the file's bytes (S3: a downloaded copy), released when done. */
  localCopy(id: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Where scratch files (`.part`) are written; housekeeping removes old ones. */
  readonly scratchDir: string;
  /** A fresh local path for a worker to write to before `putFile`. */
  scratchPath(suffix: string): string;
  /** Deletes the bytes (idempotent). */
  remove(id: string): Promise<void>;
}

/** Stores a file the service made itself (stems, demo media) and describes it in the database. */
export async function adoptFile(
  db: Db,
  files: FileStore,
  f: { accountId: string; filename: string; contentType: string; path: string },
): Promise<string> {
  const id = newId('file');
  const size = await files.putFile(id, f.path, f.contentType);
  await insertCompleteFile(db, {
    id,
    accountId: f.accountId,
    filename: f.filename,
    contentType: f.contentType,
    size,
  });
  return id;
}

/** Removes a file's row, then its bytes. */
export async function removeFile(db: Db, files: FileStore, id: string): Promise<void> {
  await deleteFileRow(db, id);
  await files.remove(id);
}

/** Stores bytes the service made itself (demo media) as a complete file. */
export function storeBytes(
  db: Db,
  files: FileStore,
  f: { accountId: string; filename: string; contentType: string; bytes: Buffer },
): Promise<string> {
  const path = files.scratchPath('');
  writeFileSync(path, f.bytes);
  return adoptFile(db, files, { ...f, path });
}
