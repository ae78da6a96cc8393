import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/database';
import { newId, nowIso } from '../db/ids';
import { one, run } from '../db/statements';
import { HttpError } from '../http/problem';
import { playbackExpiry, type UrlSigner } from './signing';

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

/**
 * Bytes under DATA_DIR/files, one file per id, described by a `files` row. Everything is written
 * to a temporary name and renamed when complete, so a reader never sees half a file.
 */
export class FileStore {
  readonly dir: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly signer: UrlSigner,
  ) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true });
  }

  pathOf(id: string): string {
    return join(this.dir, id);
  }

  row(id: string): FileRow | undefined {
    return one<FileRow>(this.db, 'SELECT * FROM files WHERE id = ?', id);
  }

  /** A signed, expiring GET link that works in `<audio src>`. */
  url(origin: string, id: string): string {
    return `${origin}/files/${id}?${this.signer.query('GET', id, playbackExpiry())}`;
  }

  createPending(accountId: string, filename: string, contentType: string, size: number): string {
    const id = newId('file');
    run(
      this.db,
      `INSERT INTO files (id, account_id, filename, content_type, expected_size, status, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
      id,
      accountId,
      filename,
      contentType,
      size,
      nowIso(),
    );
    return id;
  }

  /** Stores bytes the service made itself (stems, demo media). */
  writeComplete(accountId: string, filename: string, contentType: string, bytes: Buffer): string {
    const tmp = this.scratchPath('');
    writeFileSync(tmp, bytes);
    return this.adopt(accountId, filename, contentType, tmp);
  }

  /** A fresh path inside the files directory for a worker to write to (then `adopt` it). */
  scratchPath(suffix: string): string {
    return join(this.dir, `${newId('tmp')}${suffix}.part`);
  }

  /** Takes ownership of a complete file written at `tmpPath` (renamed, so atomic). */
  adopt(accountId: string, filename: string, contentType: string, tmpPath: string): string {
    const id = newId('file');
    const size = statSync(tmpPath).size;
    renameSync(tmpPath, this.pathOf(id));
    run(
      this.db,
      `INSERT INTO files (id, account_id, filename, content_type, expected_size, size, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'complete', ?)`,
      id,
      accountId,
      filename,
      contentType,
      size,
      size,
      nowIso(),
    );
    return id;
  }

  /** Removes a file's bytes and row (stems replaced by a new separation). */
  remove(id: string): void {
    run(this.db, 'DELETE FROM files WHERE id = ?', id);
    rmSync(this.pathOf(id), { force: true });
  }

  /** Streams an upload to disk; the byte count must be exactly the announced length. */
  async receiveUpload(file: FileRow, req: IncomingMessage): Promise<void> {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) !== file.expected_size) {
      req.resume();
      throw new HttpError(
        400,
        `This upload expects exactly ${file.expected_size} bytes; Content-Length is ${declared}.`,
        {},
        { Connection: 'close' },
      );
    }
    const tmp = `${this.pathOf(file.id)}.${process.pid}.${Date.now()}.part`;
    let received = 0;
    const limit = file.expected_size;
    try {
      await pipeline(
        req,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > limit) throw new HttpError(400, `More than ${limit} bytes were sent.`);
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
    } catch (error) {
      rmSync(tmp, { force: true });
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'The upload was interrupted.');
    }
    if (received !== limit) {
      rmSync(tmp, { force: true });
      throw new HttpError(400, `This upload expects exactly ${limit} bytes; ${received} arrived.`);
    }
    renameSync(tmp, this.pathOf(file.id));
    run(this.db, "UPDATE files SET status = 'complete', size = ? WHERE id = ?", received, file.id);
  }

  /** Size of a complete file on disk (0 when it went missing). */
  async sizeOnDisk(id: string): Promise<number> {
    try {
      return (await stat(this.pathOf(id))).size;
    } catch {
      return 0;
    }
  }

  openRead(id: string, start: number, end: number): NodeJS.ReadableStream {
    return createReadStream(this.pathOf(id), { start, end });
  }
}
