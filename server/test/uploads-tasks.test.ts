import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreditBalanceSchema,
  ProjectSchema,
  TaskListEntrySchema,
  TaskStartSchema,
  UploadResponseSchema,
} from '../../src/contract';
import { z } from 'zod';
import {
  call,
  createAccount,
  parsed,
  problem,
  startService,
  testS3,
  type Running,
} from './harness';
import { createProject, demoSong, upload, waitForTask } from './flow';

const MAX = 8 * 1024 * 1024;
let svc: Running;
beforeAll(async () => {
  svc = await startService({ maxUploadBytes: MAX });
});
afterAll(() => svc.cleanup());

const newUpload = (body: Record<string, unknown>) =>
  call(`${svc.api}/uploads`, {
    method: 'POST',
    body: { filename: 'a.wav', contentType: 'audio/wav', contentLength: 10, ...body },
  });

describe('uploads', () => {
  it('checks content type (415), size (413) and the body (422)', async () => {
    problem(await newUpload({ contentType: 'text/plain' }), 415);
    problem(await newUpload({ contentType: 'application/json' }), 415);
    problem(await newUpload({ contentLength: MAX + 1 }), 413);
    problem(await newUpload({ contentLength: 0 }), 422);
    problem(await newUpload({ contentLength: 1.5 }), 422);
    problem(await newUpload({ filename: undefined }), 422);
    const ok = parsed(
      UploadResponseSchema,
      await newUpload({ contentType: 'video/mp4', contentLength: MAX }),
    );
    expect(ok.contentType).toBe('video/mp4');
    // Local files: this service's signed address; S3: a presigned PUT straight to the store.
    expect(ok.uploadUrl).toMatch(
      testS3
        ? new RegExp(
            `^${testS3.endpoint}/${testS3.bucket}/files/${ok.inputFileId}\\?.*X-Amz-Signature=`,
          )
        : new RegExp(`^${svc.base}/uploads/${ok.inputFileId}\\?exp=\\d+&sig=`),
    );
  });

  it.runIf(testS3)('sends uploads to the S3 store and uses only complete ones', async () => {
    const created = parsed(UploadResponseSchema, await newUpload({}));
    const put = (u: string, body: Buffer) =>
      fetch(u, { method: 'PUT', body: new Uint8Array(body) });
    const forged = new URL(created.uploadUrl);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await put(forged.href, Buffer.alloc(10))).status).toBe(403);
    const create = () =>
      call(`${svc.api}/projects`, { method: 'POST', body: { inputFileId: created.inputFileId } });
    // Nothing there yet, then the wrong number of bytes: not usable.
    problem(await create(), 422);
    expect((await put(created.uploadUrl, Buffer.alloc(9))).status).toBe(200);
    problem(await create(), 422);
    expect((await put(created.uploadUrl, Buffer.alloc(10))).status).toBe(200);
    // Ten bytes of zeros: usable, so the project and task are created (the task fails to decode).
    const started = parsed(TaskStartSchema, await create());
    problem(await create(), 422);
    expect((await waitForTask(svc.api, started.taskId)).status).toBe('failed');
  });

  it.skipIf(testS3)(
    'accepts the exact bytes once at the signed address and refuses anything else',
    async () => {
      const created = parsed(UploadResponseSchema, await newUpload({}));
      const url = new URL(created.uploadUrl);
      const put = (u: string, body: Buffer) =>
        fetch(u, { method: 'PUT', body: new Uint8Array(body) });
      const forged = new URL(url);
      forged.searchParams.set('sig', 'x'.repeat(43));
      expect((await put(forged.href, Buffer.alloc(10))).status).toBe(403);
      const later = new URL(url);
      later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 60));
      expect((await put(later.href, Buffer.alloc(10))).status).toBe(403);
      const signer = svc.service.services.localFiles?.signer;
      if (!signer) throw new Error('local files only');
      const past = Math.floor(Date.now() / 1000) - 10;
      const expired = `${svc.base}/uploads/${created.inputFileId}?${signer.query('PUT', created.inputFileId, past)}`;
      const expiredRes = await put(expired, Buffer.alloc(10));
      expect(expiredRes.status).toBe(403);
      expect(((await expiredRes.json()) as { detail: string }).detail).toMatch(/expired/);
      const refused = async (res: Response) => {
        expect(res.status).toBe(400);
        return ((await res.json()) as { detail: string }).detail;
      };
      expect(await refused(await put(url.href, Buffer.alloc(9)))).toBe(
        'This upload expects exactly 10 bytes; Content-Length is 9.',
      );
      expect((await put(url.href, Buffer.alloc(11))).status).toBe(400);
      // Without a Content-Length (chunked) the store counts the bytes itself.
      const chunked = (n: number) =>
        fetch(url.href, {
          method: 'PUT',
          body: new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(n));
              controller.close();
            },
          }),
          duplex: 'half',
        } as RequestInit);
      expect(await refused(await chunked(9))).toBe(
        'This upload expects exactly 10 bytes; 9 arrived.',
      );
      expect(await refused(await chunked(11))).toBe('More than 10 bytes were sent.');
      // Not uploaded yet: a project cannot use it.
      problem(
        await call(`${svc.api}/projects`, {
          method: 'POST',
          body: { inputFileId: created.inputFileId },
        }),
        422,
      );
      expect((await put(url.href, Buffer.alloc(10))).status).toBe(200);
      expect((await put(url.href, Buffer.alloc(10))).status).toBe(409);
    },
  );

  it("answers 404 for an unknown or another account's upload", async () => {
    const bob = await createAccount(svc, 'bob-uploads@example.com');
    const mine = await upload(svc.api, Buffer.from('RIFF....'), bob.apiKey);
    problem(
      await call(`${svc.api}/projects`, {
        method: 'POST',
        body: { inputFileId: mine.inputFileId },
      }),
      404,
    );
    problem(
      await call(`${svc.api}/projects`, { method: 'POST', body: { inputFileId: 'file_nope' } }),
      404,
    );
  });
});

describe('create-karaoke on the demo song', () => {
  it('runs to completed with stems and a selected alignment, and serves stems with Range', async () => {
    const before = parsed(CreditBalanceSchema, await call(`${svc.api}/credits`)).availableBalance;
    const { inputFileId } = await upload(svc.api, demoSong());
    const lyrics = 'The morning light is falling on the quiet town\nI hear the river singing';
    const start = await createProject(svc.api, {
      inputFileId,
      stemModel: 'bs_roformer',
      lyricsSource: { type: 'transcribe', lyrics },
    });
    const task = await waitForTask(svc.api, start.taskId);
    expect(task).toMatchObject({
      status: 'completed',
      type: 'create-karaoke',
      output: { projectId: start.projectId },
    });
    const project = parsed(ProjectSchema, await call(start.projectUrl));
    expect(project.title).toBe('My Song');
    expect(project.duration).toBeGreaterThan(30);
    expect(project.lyrics).toBe(lyrics);
    const types = Object.fromEntries(project.stems.map((s) => [s.type, s]));
    expect(Object.keys(types).sort()).toEqual(['instrumental', 'original', 'vocals']);
    expect(types.vocals?.model).toBe('local-centre-mask');
    expect(project.alignments).toHaveLength(1);
    const alignment = project.alignments[0];
    expect(alignment?.selected).toBe(true);
    // Words as their syllables (sub-words inside the word).
    expect(alignment?.alignment.items.slice(0, 4).map((i) => [i.word, i.subword, i.text])).toEqual([
      [0, 0, 'The'],
      [1, 0, 'morn'],
      [1, 1, 'ing'],
      [2, 0, 'light'],
    ]);
    expect(alignment?.alignment.items.every((i) => typeof i.id === 'string')).toBe(true);
    const after = parsed(CreditBalanceSchema, await call(`${svc.api}/credits`)).availableBalance;
    expect(after).toBe(before - 2);
    problem(await call(`${svc.api}/projects`, { method: 'POST', body: { inputFileId } }), 422);

    const vocalsUrl = types.vocals?.url ?? '';
    const whole = await fetch(vocalsUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    const part = await fetch(vocalsUrl, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetch(vocalsUrl, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    const beyond = await fetch(vocalsUrl, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    if (!testS3) expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const unsigned = new URL(vocalsUrl);
    unsigned.searchParams.delete(testS3 ? 'X-Amz-Signature' : 'sig');
    expect((await fetch(unsigned)).status).toBe(403);
    // A presigned S3 URL is signed for GET only, and the object keeps the Content-Type its
    // uploader sent (the app sends the upload's type; this test sends none).
    const original = await fetch(types.original?.url ?? '', {
      method: testS3 ? 'GET' : 'HEAD',
      headers: testS3 ? { Range: 'bytes=0-3' } : {},
    });
    expect(original.status).toBe(testS3 ? 206 : 200);
    if (!testS3) expect(original.headers.get('content-type')).toBe('audio/flac');

    // Stem separation again and a lyrics sync on the project; empty lyrics fail with a clear error.
    const sep = parsed(
      TaskStartSchema,
      await call(`${svc.api}/projects/${project.id}/tasks/stem-separation`, { method: 'POST' }),
    );
    const sepTask = await waitForTask(svc.api, sep.taskId);
    expect(sepTask.status).toBe('completed');
    const sync = (text: string) =>
      call(`${svc.api}/projects/${project.id}/tasks/lyrics-sync`, {
        method: 'POST',
        body: { lyricsSource: { type: 'transcribe', lyrics: text } },
      });
    const synced = await waitForTask(
      svc.api,
      parsed(TaskStartSchema, await sync('The morning light')).taskId,
    );
    expect(synced.status).toBe('completed');
    const empty = await waitForTask(svc.api, parsed(TaskStartSchema, await sync('  \n ')).taskId);
    expect(empty.status).toBe('failed');
    expect(empty.error).toMatch(/lyrics are needed/i);
    const final = parsed(ProjectSchema, await call(start.projectUrl));
    expect(final.alignments).toHaveLength(2);
    expect(final.alignments.filter((a) => a.selected)).toHaveLength(1);
    const separated = final.stems.filter((s) => s.type !== 'original').map((s) => s.id);
    expect(sepTask.output).toEqual({ projectId: project.id, stemIds: separated });
    const list = parsed(
      z.array(TaskListEntrySchema),
      await call(`${svc.api}/projects/${project.id}/tasks`),
    );
    expect(list.map((t) => t.status)).toEqual(['failed', 'completed', 'completed', 'completed']);
    // The failed task's credit came back: 2 + 1 + 1 spent.
    expect(parsed(CreditBalanceSchema, await call(`${svc.api}/credits`)).availableBalance).toBe(
      before - 4,
    );
  }, 300_000); // decode, separation and the recogniser (with retries on this synthetic voice)

  it('answers 402 when the credits do not cover the task, and creates nothing', async () => {
    const poor = await createAccount(svc, 'poor@example.com', 1);
    const { inputFileId } = await upload(svc.api, Buffer.from('ID3 fake mp3'), poor.apiKey);
    const res = await call(`${svc.api}/projects`, {
      method: 'POST',
      key: poor.apiKey,
      body: { inputFileId },
    });
    problem(res, 402);
    expect((await call(`${svc.api}/projects`, { key: poor.apiKey })).json).toEqual([]);
  });

  it('fails an undecodable upload with a clear error', async () => {
    const { inputFileId } = await upload(svc.api, Buffer.from('this is not audio at all'));
    const start = await createProject(svc.api, { inputFileId, title: 'Broken' });
    const task = await waitForTask(svc.api, start.taskId);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/could not be decoded/);
  });
});
