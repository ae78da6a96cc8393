import { afterAll, describe, expect, it } from 'vitest';
import { LargeBodies, WORKER_BODY_BYTES } from '../../http/large-bodies';
import { prepareReplacement, replacementBody } from './replacement-body';

const bodies = new LargeBodies(() => undefined, 1, 1);
afterAll(() => bodies.close());

const item = (i: number) => ({ line: i, word: 0, subword: 0, start: i, end: i + 0.5, text: 'la' });

describe('replacement body', () => {
  it('prepares a large body in a worker thread (its bytes are moved there, not copied)', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => item(i));
    const json = JSON.stringify({ alignment: { items }, expectedRevision: 'r' });
    const raw = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    raw.write(json);
    expect(raw.length).toBeGreaterThan(WORKER_BODY_BYTES);
    const outcome = await bodies.parse(replacementBody, raw);
    // Transferred to the worker: this side's view is detached.
    expect(raw.buffer.byteLength).toBe(0);
    if (!outcome.ok) throw new Error(outcome.detail);
    const stored = JSON.parse(Buffer.from(outcome.value.itemsJson).toString()) as { id: string }[];
    expect(stored).toHaveLength(5000);
    expect(stored.every((i) => typeof i.id === 'string')).toBe(true);
  });

  it('reports a rejected large body with zod-worded errors', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => item(i));
    const json = JSON.stringify({ alignment: { items: [...items, { ...item(1), end: 0.5 }] } });
    const outcome = await bodies.parse(replacementBody, Buffer.from(json));
    expect(outcome).toMatchObject({ ok: false, status: 422 });
    if (outcome.ok) return;
    expect(outcome.errors?.map((e) => e.path).sort()).toEqual([
      'alignment.items.5000.end',
      'expectedRevision',
    ]);
  });

  it('answers 400 for bytes that are not JSON and 422 for an empty body (inline)', () => {
    expect(prepareReplacement(Buffer.from('{"alignment":'))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(prepareReplacement(Buffer.from([0xff, 0xfe]))).toMatchObject({
      ok: false,
      status: 400,
      detail: 'The body is not valid UTF-8.',
    });
    expect(prepareReplacement(Buffer.alloc(0))).toMatchObject({ ok: false, status: 422 });
  });
});
