import { describe, expect, it, vi } from 'vitest';
import { takeItemColumns } from '../contract/item-columns';
import { ApiClient } from './client';
import { ApiError, UnexpectedResponseError } from './errors';
import {
  workerProjectReader,
  type OffMainAnswer,
  type OffMainMessage,
  type OffMainPost,
  type OffMainReply,
  type OffMainRequest,
  type OffMainWorker,
  type ProjectReader,
} from './project-off-main';

const item = (i: number) => ({
  id: `i${i}`,
  line: 0,
  word: i,
  subword: 0,
  start: i,
  end: i + 0.5,
  text: `w${i}`,
  mood: 'x',
});
const body = {
  id: 'p1',
  title: 'Song',
  alignments: [
    {
      id: 'a1',
      model: 'm',
      alignment: { items: [item(0), item(1)] },
      createdAt: '2026-01-01T00:00:00Z',
      revision: 'r',
      selected: true,
      selectionRevision: 's',
    },
  ],
};

/** What the worker answers, made here as it makes it (parse, then the items as columns). */
function answerOf(status: number, payload: unknown, etag: string | null = null): OffMainAnswer {
  const parsed: unknown = structuredClone(payload);
  const columns = status === 200 ? takeItemColumns(parsed) : [];
  return { status, statusText: '', etag, responseEnd: 12, payload: parsed, columns };
}

const fetchOnPage = (payload: unknown) =>
  vi.fn((_url: RequestInfo | URL) =>
    Promise.resolve(new Response(JSON.stringify(payload), { status: 200 })),
  );

describe('ApiClient: the project read off the main thread', () => {
  it('gives what reading it on the page gives, and only getProject goes through the reader', async () => {
    const reader = vi.fn<ProjectReader>(() => Promise.resolve(answerOf(200, body, '"e"')));
    const fetch = fetchOnPage(body);
    const client = new ApiClient({
      baseUrl: 'http://svc.test/api/v1',
      apiKey: 'k',
      fetch,
      readProject: reader,
    });
    const onPage = new ApiClient({ baseUrl: 'http://svc.test/api/v1', apiKey: 'k', fetch });
    const input = { params: { projectId: 'p1' } };
    const got = await client.requestIfChanged('getProject', input, undefined);
    expect(got?.etag).toBe('"e"');
    expect(got?.data).toEqual(await onPage.request('getProject', input));
    expect(JSON.stringify(got?.data)).toBe(
      JSON.stringify(await onPage.request('getProject', input)),
    );
    expect(got?.data.alignments[0]?.alignment.items[1]).toEqual({
      id: 'i1',
      line: 0,
      word: 1,
      subword: 0,
      start: 1,
      end: 1.5,
      text: 'w1',
    });
    const [url, init] = reader.mock.calls[0]!;
    expect(url).toBe('http://svc.test/api/v1/projects/p1');
    expect(init.headers.Authorization).toBe('Bearer k');
    fetch.mockClear();
    await client.request('listProjects', {}).catch(() => undefined);
    expect(reader).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('304 to a conditional GET is null; errors are the ones of the page path', async () => {
    const answers = [
      { ...answerOf(304, undefined, '"e"') },
      answerOf(404, { type: 'about:blank', title: 'Not found', status: 404 }),
      answerOf(200, { ...body, title: 7 }),
    ];
    const client = new ApiClient({
      baseUrl: 'http://svc.test/api/v1',
      apiKey: 'k',
      fetch: fetchOnPage(body),
      readProject: () => Promise.resolve(answers.shift()!),
    });
    const input = { params: { projectId: 'p1' } };
    await expect(client.requestIfChanged('getProject', input, '"e"')).resolves.toBeNull();
    await expect(client.request('getProject', input)).rejects.toBeInstanceOf(ApiError);
    await expect(client.request('getProject', input)).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });

  it('falls back to the page fetch when the reader cannot read', async () => {
    const fetch = fetchOnPage(body);
    const client = new ApiClient({
      baseUrl: 'http://svc.test/api/v1',
      apiKey: 'k',
      fetch,
      readProject: () => Promise.resolve(null),
    });
    const project = await client.request('getProject', { params: { projectId: 'p1' } });
    expect(project.alignments[0]?.alignment.items).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

type Answering = (request: OffMainRequest) => OffMainReply | 'never';

/** A worker that says it runs (or fails to start), then answers each request with `answer`. */
function fakeWorker(answer: Answering | 'fail') {
  const worker: OffMainWorker & { sent: OffMainMessage[]; ended: boolean } = {
    onmessage: null,
    onerror: null,
    sent: [],
    ended: false,
    postMessage(message) {
      this.sent.push(message);
      if ('cancel' in message || answer === 'fail') return;
      const reply = answer(message);
      if (reply !== 'never')
        queueMicrotask(() =>
          this.onmessage?.({ data: { ...reply, id: message.id } } as MessageEvent<OffMainPost>),
        );
    },
    terminate() {
      this.ended = true;
    },
  };
  queueMicrotask(() => {
    if (answer === 'fail') worker.onerror?.(new Event('error'));
    else worker.onmessage?.({ data: { ready: true } } as MessageEvent<OffMainPost>);
  });
  return worker;
}

describe('workerProjectReader', () => {
  const init = { headers: { Authorization: 'Bearer k' } };

  it('one worker answers every request, each by its id, and ends when idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const made: ReturnType<typeof fakeWorker>[] = [];
      const read = workerProjectReader(() => {
        const worker = fakeWorker((r) => answerOf(200, { ...body, title: r.url }));
        made.push(worker);
        return worker;
      }, 1000);
      read.prewarm?.();
      expect(made).toHaveLength(1);
      const [a, b] = await Promise.all([read('http://x/a', init), read('http://x/b', init)]);
      expect((a?.payload as { title: string }).title).toBe('http://x/a');
      expect((b?.payload as { title: string }).title).toBe('http://x/b');
      await read('http://x/c', init);
      expect(made).toHaveLength(1);
      expect(made[0]?.sent).toMatchObject([
        { id: 1, url: 'http://x/a', headers: init.headers },
        { id: 2, url: 'http://x/b' },
        { id: 3, url: 'http://x/c' },
      ]);
      expect(made[0]?.ended).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(made[0]?.ended).toBe(true);
      await read('http://x/d', init);
      expect(made).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('null when no worker starts, it fails or its fetch failed; an abort rejects and cancels', async () => {
    const read = (w: () => OffMainWorker) => workerProjectReader(w)('http://x/p', init);
    await expect(
      read(() => {
        throw new Error('no workers');
      }),
    ).resolves.toBeNull();
    await expect(read(() => fakeWorker('fail'))).resolves.toBeNull();
    await expect(read(() => fakeWorker(() => ({ error: 'network' })))).resolves.toBeNull();
    const controller = new AbortController();
    const worker = fakeWorker(() => 'never');
    const reader = workerProjectReader(() => worker);
    const pending = reader('http://x/p', { ...init, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort(new Error('left'));
    await expect(pending).rejects.toThrow('left');
    expect(worker.sent.at(-1)).toEqual({ cancel: 1 });
    // the worker stays for the next request
    expect(worker.ended).toBe(false);
  });

  it('a worker that fails hands its waiting requests to the page and is made anew', async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const read = workerProjectReader(() => {
      const worker = fakeWorker(() => 'never');
      made.push(worker);
      return worker;
    });
    const pending = read('http://x/p', init);
    await new Promise((r) => setTimeout(r, 0));
    made[0]?.onerror?.(new Event('error'));
    await expect(pending).resolves.toBeNull();
    expect(made[0]?.ended).toBe(true);
    void read('http://x/p', init);
    expect(made).toHaveLength(2);
  });
});
