import { describe, expect, it } from 'vitest';
import { createTimingsClient, TimingsFailure, type WorkerLike } from './timings-client';
import { answer } from './timings-work';
import { TAKE_PART, type TimingsReply, type TimingsRequest } from './timings-protocol';

const LRC = new TextEncoder().encode('[00:01.00]Hello world\n[00:03.00]\n');

/** A worker that runs `answer` in this thread, with hooks for what a real one can do wrong. */
function fakeWorker(mode: 'ok' | 'fails-to-start' | 'crashes') {
  const worker: WorkerLike & { terminated: boolean; sent: TimingsRequest[] } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    sent: [],
    postMessage(request) {
      worker.sent.push(request);
      queueMicrotask(() => {
        if (mode === 'crashes') worker.onerror?.(new Event('error'));
        else worker.onmessage?.(new MessageEvent('message', { data: answer(request) }));
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  queueMicrotask(() => {
    if (mode === 'fails-to-start') worker.onerror?.(new Event('error'));
    else
      worker.onmessage?.(
        new MessageEvent<TimingsReply | { ready: true }>('message', { data: { ready: true } }),
      );
  });
  return worker;
}

/** A client on fake workers that work, and the workers it made. */
function clientOfWorkers() {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  const client = createTimingsClient(() => {
    const w = fakeWorker('ok');
    workers.push(w);
    return w;
  });
  return { client, workers };
}

describe('timings client', () => {
  it('reads in the worker once it says it runs, and keeps the worker for the next file', async () => {
    const { client, workers } = clientOfWorkers();
    const first = await client.read(LRC, { fileName: 'a.lrc', duration: 1.2 });
    expect(first).toMatchObject({ format: 'lrc', itemCount: 2, estimatedCount: 2 });
    expect(first.lateCount).toBeGreaterThan(0);
    // The items stay in the worker until Apply takes them, once.
    const taken = await client.take(first.token);
    expect(taken.items.map((x) => x.text)).toEqual(['Hello', 'world']);
    expect(taken.estimated).toEqual([0, 1]);
    await expect(client.take(first.token)).rejects.toThrow(/again/);
    // A newer read drops the older one's items.
    const second = await client.read(LRC);
    const third = await client.read(LRC);
    await expect(client.take(second.token)).rejects.toThrow(/again/);
    expect((await client.take(third.token)).items).toHaveLength(2);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.sent).toHaveLength(7);
  });

  it('takes a large read in parts, one message each, and drops it after the last', async () => {
    const { client, workers } = clientOfWorkers();
    const n = TAKE_PART * 2 + 123;
    const lrc = Array.from(
      { length: n },
      (_, i) =>
        `[${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.00]w${i}`,
    ).join('\n');
    const read = await client.read(new TextEncoder().encode(`${lrc}\n`));
    expect(read.itemCount).toBe(n);
    const taken = await client.take(read.token);
    expect(taken.items).toHaveLength(n);
    expect(taken.items.map((x) => x.text)).toEqual(Array.from({ length: n }, (_, i) => `w${i}`));
    expect(taken.estimated).toHaveLength(n);
    expect(
      workers[0]!.sent.filter((r) => r.kind === 'take').map((r) => (r as { from: number }).from),
    ).toEqual([0, TAKE_PART, TAKE_PART * 2]);
    await expect(client.take(read.token)).rejects.toThrow(/again/);
  });

  it('falls back to the main thread when the worker cannot start', async () => {
    const client = createTimingsClient(() => fakeWorker('fails-to-start'));
    const read = await client.read(LRC);
    expect(read.itemCount).toBe(2);
    expect((await client.take(read.token)).items).toHaveLength(2);
  });

  it('a worker that dies mid-read fails that read with a sentence; the next read starts a new worker', async () => {
    let made = 0;
    const client = createTimingsClient(() => fakeWorker(made++ === 0 ? 'crashes' : 'ok'));
    await expect(client.read(LRC)).rejects.toThrow(/stopped before it was done/);
    expect((await client.read(LRC)).itemCount).toBe(2);
  });

  it('an unreadable file rejects with the module sentence, marked unreadable', async () => {
    const client = createTimingsClient(null);
    const failure = await client
      .read(new TextEncoder().encode('no times here'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TimingsFailure);
    expect((failure as TimingsFailure).unreadable).toBe(true);
  });

  it('cancel rejects the work in flight with an AbortError', async () => {
    const client = createTimingsClient(() => fakeWorker('ok'));
    const pending = client.read(LRC);
    client.cancel();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('writes in the worker', async () => {
    const client = createTimingsClient(() => fakeWorker('ok'));
    const text = await client.write(
      [{ line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'Hi' }],
      'json',
    );
    expect(JSON.parse(text)).toEqual({
      items: [expect.objectContaining({ text: 'Hi', start: 1 })],
    });
  });
});
