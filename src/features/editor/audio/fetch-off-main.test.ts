// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fakeWorker } from './fake-worker';
import { fetchOffMain } from './fetch-off-main';
import type { FetchReply, FetchRequest } from './fetch-worker';

/** Says ready (or fails to start), then answers a request with `answer`. */
const fakeFetchWorker = (answer: (req: FetchRequest) => FetchReply, options = {}) =>
  fakeWorker<FetchRequest, FetchReply>((req, reply) => reply(answer(req)), options);

const neverFetch = () => Promise.reject(new Error('the page fetched it'));

describe('fetchOffMain', () => {
  it('asks the worker for the absolute URL once it runs and returns its buffer', async () => {
    const data = new Uint8Array([1, 2, 3]).buffer;
    const worker = fakeFetchWorker(() => ({ status: 200, data }));
    const res = await fetchOffMain('/files/vocals.wav?sig=1', {
      createWorker: () => worker,
      fallback: neverFetch,
    });
    expect(worker.received).toEqual([
      { url: new URL('/files/vocals.wav?sig=1', location.href).href },
    ]);
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(await res.arrayBuffer()).toBe(data);
    expect(worker.terminated).toBe(true);
  });

  it('reports an HTTP error status as not ok', async () => {
    const res = await fetchOffMain('/x', {
      createWorker: () => fakeFetchWorker(() => ({ status: 403 })),
      fallback: neverFetch,
    });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(403);
    await expect(res.arrayBuffer()).rejects.toThrow('HTTP 403');
  });

  it("tries the page's own fetch once when the worker's fails, and reports the page's error", async () => {
    const body = { ok: true, status: 200, arrayBuffer: () => Promise.resolve(new ArrayBuffer(2)) };
    const fallback = vi.fn(() => Promise.resolve(body));
    const worker = fakeFetchWorker(() => ({ error: 'Failed to fetch' }));
    expect(await fetchOffMain('/x', { createWorker: () => worker, fallback })).toBe(body);
    expect(fallback).toHaveBeenCalledTimes(1);
    await expect(
      fetchOffMain('/x', {
        createWorker: () => fakeFetchWorker(() => ({ error: 'Failed to fetch' })),
        fallback: neverFetch,
      }),
    ).rejects.toThrow('the page fetched it');
  });

  it('fetches on the page when the worker cannot start or be made', async () => {
    const body = { ok: true, status: 200, arrayBuffer: () => Promise.resolve(new ArrayBuffer(4)) };
    const fallback = vi.fn((_url: string) => Promise.resolve(body));
    const failing = fakeFetchWorker(() => ({ error: 'unused' }), { failToStart: true });
    expect(await fetchOffMain('/a', { createWorker: () => failing, fallback })).toBe(body);
    expect(failing.received).toEqual([]);
    expect(await fetchOffMain('/b', { createWorker: null, fallback })).toBe(body);
    const throwing = () => {
      throw new Error('no workers here');
    };
    expect(await fetchOffMain('/c', { createWorker: throwing, fallback })).toBe(body);
    expect(fallback.mock.calls.map((c) => c[0])).toEqual(['/a', '/b', '/c']);
  });

  it('stops the worker and rejects when aborted', async () => {
    const worker = fakeFetchWorker(() => ({ status: 200, data: new ArrayBuffer(1) }));
    const controller = new AbortController();
    const pending = fetchOffMain('/x', {
      createWorker: () => worker,
      fallback: neverFetch,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(worker.terminated).toBe(true);
  });
});
