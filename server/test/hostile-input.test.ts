/**
 * Strict input and large bodies (issue 14): each lenient case of the attack report is refused
 * with a problem that names the field; big bodies are bounded and parsed off the main thread.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AlignmentSchema, type Alignment, type Project } from '../../src/contract';
import { call, DEMO_KEY, parsed, problem, serviceForSuite } from './harness';
import { firstProject, testItem } from './flow';

const svc = serviceForSuite();

async function reference(): Promise<{ p: Project; a: Alignment }> {
  const p = await firstProject(svc.api);
  const a = p.alignments.find((x) => x.name === 'Reference timing');
  if (!a) throw new Error('no reference alignment');
  return { p, a };
}
const item = testItem;
/** Enough items that the body (> 256 KB) is parsed in the worker thread. */
const many = (n = 5000) => Array.from({ length: n }, (_, i) => item(i));
const put = async (body: unknown, headers: Record<string, string> = {}) => {
  const { p, a } = await reference();
  const payload = typeof body === 'function' ? (body as (r: string) => unknown)(a.revision) : body;
  return call(`${svc.api}/projects/${p.id}/alignments/${a.id}`, {
    method: 'PUT',
    body: payload,
    headers,
  });
};
const paths = (p: { errors?: { path: string }[] | undefined }) =>
  (p.errors ?? []).map((e) => e.path);

describe('strict input', () => {
  it('refuses an item that ends before it starts, naming the field (small and large bodies)', async () => {
    const small = problem(
      await put((r: string) => ({
        alignment: { items: [item(0, { start: 2, end: 1 })] },
        expectedRevision: r,
      })),
      422,
    );
    expect(paths(small)).toEqual(['alignment.items.0.end']);
    const items = many();
    items[4321] = item(4321, { end: 0 });
    const large = problem(
      await put((r: string) => ({ alignment: { items }, expectedRevision: r })),
      422,
    );
    expect(paths(large)).toEqual(['alignment.items.4321.end']);
    expect(large.errors?.[0]?.message).toMatch(/before start/);
  });

  it('refuses duplicate item ids, naming the second one', async () => {
    const dup = problem(
      await put((r: string) => ({
        alignment: { items: [item(0, { id: 'x' }), item(1, { id: 'y' }), item(2, { id: 'x' })] },
        expectedRevision: r,
      })),
      422,
    );
    expect(paths(dup)).toEqual(['alignment.items.2.id']);
  });

  it('reads a null body as null, not as {}', async () => {
    problem(await put('null'), 422);
    const { p } = await reference();
    const before = (await call(`${svc.api}/projects/${p.id}/tasks`)).json as unknown[];
    const sep = problem(
      await call(`${svc.api}/projects/${p.id}/tasks/stem-separation`, {
        method: 'POST',
        body: 'null',
      }),
      422,
    );
    expect(paths(sep)).toEqual(['(root)']);
    expect((await call(`${svc.api}/projects/${p.id}/tasks`)).json).toHaveLength(before.length);
  });

  it('answers 415 for a charset other than UTF-8 and 400 for bytes that are not UTF-8', async () => {
    const body = JSON.stringify({ title: 'Hello' });
    const { p } = await reference();
    const utf16 = await fetch(`${svc.api}/projects/${p.id}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${DEMO_KEY}`,
        'Content-Type': 'application/json; charset=utf-16',
      },
      body: new Uint8Array(Buffer.from(`\ufeff${body}`, 'utf16le')),
    });
    expect(utf16.status).toBe(415);
    expect(((await utf16.json()) as { detail: string }).detail).toMatch(/UTF-8/);
    const garbled = await fetch(`${svc.api}/projects/${p.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(garbled.status).toBe(400);
    const ok = await call(`${svc.api}/projects/${p.id}`, {
      method: 'PATCH',
      body,
      headers: { 'Content-Type': 'application/json; charset="UTF-8"' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses unknown fields with 422 naming each field', async () => {
    const item0 = problem(
      await put((r: string) => ({
        alignment: { items: [item(0, { colour: 'red' })] },
        expectedRevision: r,
      })),
      422,
    );
    expect(paths(item0)).toEqual(['alignment.items.0.colour']);
    const created = problem(
      await call(`${svc.api}/projects`, {
        method: 'POST',
        body: {
          inputFileId: 'file_x',
          colour: 'red',
          lyricsSource: { type: 'transcribe', lyrics: '', x: 1 },
        },
      }),
      422,
    );
    expect(paths(created).sort()).toEqual(['colour', 'lyricsSource.x']);
    const upload = problem(
      await call(`${svc.api}/uploads`, {
        method: 'POST',
        body: { filename: 'a.wav', contentType: 'audio/wav', contentLength: 3, public: true },
      }),
      422,
    );
    expect(paths(upload)).toEqual(['public']);
  });
});

describe('large bodies', () => {
  it('stores a large body parsed in the worker thread, with ids for new items', async () => {
    const items = many(20_000);
    items[0] = item(0, { id: 'kept', translations: { de: { text: 'Wort' } } });
    const res = await put((r: string) => ({ alignment: { items }, expectedRevision: r }));
    const stored = parsed(AlignmentSchema, res);
    expect(stored.alignment.items).toHaveLength(20_000);
    expect(stored.alignment.items[0]).toMatchObject({
      id: 'kept',
      translations: { de: { text: 'Wort' } },
    });
    expect(new Set(stored.alignment.items.map((i) => i.id)).size).toBe(20_000);
    const { a } = await reference();
    expect(a.revision).toBe(stored.revision);
    expect(a.alignment.items[19_999]).toEqual(stored.alignment.items[19_999]);
  });

  it('answers 413 from Content-Length without waiting for the body', async () => {
    const { p, a } = await reference();
    const url = new URL(`${svc.api}/projects/${p.id}/alignments/${a.id}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${DEMO_KEY}`,
          'Content-Type': 'application/json',
          'Content-Length': String(200 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      // A few bytes of the announced 200 MB: the answer must not wait for the rest.
      req.write('{"alignment":');
    });
    expect(status).toBe(413);
  });

  it('keeps a reference, not the body, for a replayable replacement; a replay after a newer save is a 409', async () => {
    const items = many(3000);
    const headers = { 'Idempotency-Key': 'big-save-1' };
    const { a } = await reference();
    const body = { alignment: { items }, expectedRevision: a.revision };
    const first = await put(body, headers);
    const stored = parsed(AlignmentSchema, first);
    const replay = await put(body, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);

    const row = await svc.service.services.db.one<{ n: number }>(
      'SELECT length(body) AS n FROM idempotency WHERE key = ?',
      'big-save-1',
    );
    expect(row?.n).toBeLessThan(300);

    // Someone else saves on top: the replay can no longer be that answer.
    parsed(
      AlignmentSchema,
      await put({ alignment: { items: [item(1)] }, expectedRevision: stored.revision }),
    );
    const late = problem(await put(body, headers), 409);
    expect(late).toHaveProperty('revision');
  });
});
