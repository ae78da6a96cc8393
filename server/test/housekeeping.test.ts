/**
 * Files nobody reads again are removed (issue 14): `.part` leftovers at start and on the timer,
 * stale upload records, uploads never used, and a deleted media item's bytes (its URL 404s).
 */
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MediaItemSchema, UploadResponseSchema } from '../../src/contract';
import { upload } from './flow';
import {
  call,
  onPostgres,
  parsed,
  startService,
  tempDataDir,
  testS3,
  type Running,
} from './harness';

const running: Running[] = [];
afterAll(async () => {
  for (const r of running) await r.cleanup();
});
const start = async (options: Parameters<typeof startService>[0]) => {
  const svc = await startService(options);
  running.push(svc);
  return svc;
};
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

// Checks bytes on the local disk: not with S3 (deleting media deletes the objects there too).
describe.skipIf(testS3)('housekeeping', () => {
  it('removes .part leftovers, stale pending uploads and unused uploads at start', async () => {
    const dataDir = tempDataDir();
    const first = await start({ dataDir, worker: false });
    const pending = parsed(
      UploadResponseSchema,
      await call(`${first.api}/uploads`, {
        method: 'POST',
        body: { filename: 'a.wav', contentType: 'audio/wav', contentLength: 4 },
      }),
    );
    const unused = await upload(first.api, Buffer.from('fLaC....'));
    const fresh = await upload(first.api, Buffer.from('fLaC....'));
    const db = first.service.services.db;
    await db.run('UPDATE files SET created_at = ? WHERE id = ?', hoursAgo(3), pending.inputFileId);
    await db.run('UPDATE files SET created_at = ? WHERE id = ?', hoursAgo(25), unused.inputFileId);
    await first.stop();
    const filesDir = join(dataDir, 'files');
    const crashed = join(filesDir, `${pending.inputFileId}.1234.5678.part`);
    // On a shared database a young .part may be another process's upload: only SQLite clears all.
    writeFileSync(crashed, Buffer.alloc(1000));
    if (onPostgres)
      utimesSync(crashed, new Date(Date.now() - 7 * 3600_000), new Date(Date.now() - 7 * 3600_000));

    const second = await start({ dataDir, databaseUrl: first.databaseUrl, worker: false });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(join(filesDir, unused.inputFileId))).toBe(false);
    expect(existsSync(join(filesDir, fresh.inputFileId))).toBe(true);
    // The stale upload's address now finds nothing.
    const late = await fetch(pending.uploadUrl.replace(first.base, second.base), {
      method: 'PUT',
      body: new Uint8Array(4),
    });
    expect(late.status).toBe(404);
  });

  it('removes old .part files on the timer and leaves fresh ones (an upload in progress)', async () => {
    const svc = await start({ worker: false, sweepIntervalMs: 100 });
    const filesDir = join(svc.dataDir, 'files');
    const old = join(filesDir, 'file_old.1.2.part');
    const fresh = join(filesDir, 'file_new.1.2.part');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    const sevenHoursAgo = (Date.now() - 7 * 3600_000) / 1000;
    utimesSync(old, sevenHoursAgo, sevenHoursAgo);
    for (let i = 0; i < 100 && existsSync(old); i++) await sleep(50);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it("makes a deleted media item's URLs 404 at once and removes its bytes", async () => {
    const svc = await start({ seed: true, worker: false });
    const media = parsed(z.array(MediaItemSchema), await call(`${svc.api}/media`));
    const withFile = media.find((m) => m.url);
    if (!withFile?.url) throw new Error('no media with a file');
    expect((await fetch(withFile.url)).status).toBe(200);
    const fileId = new URL(withFile.url).pathname.split('/').pop() ?? '';
    expect(existsSync(join(svc.dataDir, 'files', fileId))).toBe(true);
    expect((await call(`${svc.api}/media/${withFile.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(withFile.url)).status).toBe(404);
    expect(existsSync(join(svc.dataDir, 'files', fileId))).toBe(false);
  }, 60_000);
});
