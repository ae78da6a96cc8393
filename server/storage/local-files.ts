import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRow } from '../db/files';
import { newId } from '../db/ids';
import { UploadBytesError } from '../errors';
import type { FileStore } from './file-store';
import { playbackExpiry, type UrlSigner } from './signing';

/**
 * Bytes under DATA_DIR/files, one file per id, served by this service at signed, expiring
 * `/files/<id>` and `/uploads/<id>` addresses. Everything is written to a temporary name and
 * renamed when complete, so a reader never sees half a file.
 */
export class LocalFileStore implements FileStore {
  readonly dir: string;

  constructor(
    dataDir: string,
    readonly signer: UrlSigner,
  ) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true });
  }

  get scratchDir(): string {
    return this.dir;
  }

  pathOf(id: string): string {
    return join(this.dir, id);
  }

  url(origin: string, id: string): Promise<string> {
    return Promise.resolve(
      `${origin}/files/${id}?${this.signer.query('GET', id, playbackExpiry())}`,
    );
  }

  uploadUrl(origin: string, file: FileRow, seconds: number): Promise<string> {
    const expiresAt = Math.floor(Date.now() / 1000) + seconds;
    return Promise.resolve(
      `${origin}/uploads/${file.id}?${this.signer.query('PUT', file.id, expiresAt)}`,
    );
  }

  uploadedSize(file: FileRow): Promise<number | undefined> {
    // receiveUpload marks the row complete itself: a pending row has no bytes yet.
    return Promise.resolve(file.status === 'complete' ? (file.size ?? undefined) : undefined);
  }

  async putFile(id: string, path: string): Promise<number> {
    const { size } = await stat(path);
    try {
      await rename(path, this.pathOf(id));
    } catch {
      // Another file system (a scratch file elsewhere): copy, then drop the original.
      await copyFile(path, this.pathOf(id));
      await rm(path, { force: true });
    }
    return size;
  }

  localCopy(id: string): Promise<{ path: string; release(): Promise<void> }> {
    return Promise.resolve({ path: this.pathOf(id), release: () => Promise.resolve() });
  }

  scratchPath(suffix: string): string {
    return join(this.dir, `${newId('tmp')}${suffix}.part`);
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /**
   * Streams an upload to disk; the byte count must be exactly the announced length (else
   * UploadBytesError, nothing kept). The route checks a Content-Length before.
   */
  async receiveUpload(file: FileRow, body: Readable): Promise<number> {
    const tmp = `${this.pathOf(file.id)}.${process.pid}.${Date.now()}.part`;
    let received = 0;
    const limit = file.expected_size;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > limit) throw new UploadBytesError(`More than ${limit} bytes were sent.`);
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
    } catch (error) {
      rmSync(tmp, { force: true });
      if (error instanceof UploadBytesError) throw error;
      throw new UploadBytesError('The upload was interrupted.');
    }
    if (received !== limit) {
      rmSync(tmp, { force: true });
      throw new UploadBytesError(
        `This upload expects exactly ${limit} bytes; ${received} arrived.`,
      );
    }
    await rename(tmp, this.pathOf(file.id));
    return received;
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
