import type { AlignmentItem } from '../../../contract';
import type { TimingFormat } from '../../../formats';
import type {
  ReadSummary,
  TakenItems,
  TimingsReply,
  TimingsRequest,
  WriteMeta,
} from './timings-protocol';

/** What a failed read or write says: `unreadable` is the formats module's own sentence. */
export class TimingsFailure extends Error {
  constructor(
    message: string,
    readonly unreadable: boolean,
  ) {
    super(message);
    this.name = 'TimingsFailure';
  }
}

const STOPPED = 'The background reader stopped before it was done (the file may be too large).';

/** The parts of a Worker used here. */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<TimingsReply | { ready: true }>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: TimingsRequest): void;
  terminate(): void;
}

export interface TimingsClient {
  /** Reads a file; the preview gets a summary, the items stay behind for `take`. */
  read(
    bytes: Uint8Array,
    options?: { fileName?: string; format?: TimingFormat; duration?: number },
  ): Promise<ReadSummary>;
  /** The items of the latest read (once). */
  take(token: number): Promise<TakenItems>;
  write(items: readonly AlignmentItem[], format: TimingFormat, meta?: WriteMeta): Promise<string>;
  /** Stops the work in flight (its promises reject with an AbortError); the next call starts afresh. */
  cancel(): void;
  dispose(): void;
}

interface Entry {
  request: TimingsRequest;
  resolve: (reply: TimingsReply) => void;
  reject: (reason: unknown) => void;
}

const defaultWorker = (): WorkerLike =>
  new Worker(new URL('./timings-worker.ts', import.meta.url), {
    type: 'module',
    name: 'timing files',
  }) as unknown as WorkerLike;

/** The same work on the main thread, for where workers do not exist (tests) or fail to start. */
async function onMainThread(request: TimingsRequest): Promise<TimingsReply> {
  const { answer } = await import('./timings-work');
  return answer(request);
}

/**
 * The worker and the requests in flight: started on first use, kept for the next request; a
 * worker that cannot start hands its requests to the main thread; `cancel` ends it and rejects
 * what was in flight with an AbortError.
 */
function createChannel(createWorker: (() => WorkerLike) | null) {
  let worker: WorkerLike | null = null;
  let ready = false;
  let broken = createWorker === null;
  const pending = new Map<number, Entry>();

  const settle = (reply: TimingsReply) => {
    const entry = pending.get(reply.id);
    if (!entry) return;
    pending.delete(reply.id);
    entry.resolve(reply);
  };
  /** A worker that cannot start hands what it was given to the main thread. */
  const fallBack = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const { request } of pending.values()) void onMainThread(request).then(settle);
  };
  const start = (): WorkerLike | null => {
    if (broken || !createWorker) return null;
    if (worker) return worker;
    try {
      const w = createWorker();
      worker = w;
      ready = false;
      w.onmessage = (event) => {
        if ('ready' in event.data) {
          ready = true;
          for (const { request } of pending.values()) w.postMessage(request);
        } else settle(event.data);
      };
      w.onerror = (event) => {
        event.preventDefault();
        if (!ready) return fallBack();
        // A crash mid-work (out of memory): what was in flight fails with a sentence; the next
        // request starts a new worker.
        w.terminate();
        worker = null;
        for (const { request } of [...pending.values()])
          settle({ id: request.id, ok: false, unreadable: false, message: STOPPED });
      };
      return w;
    } catch {
      broken = true;
      return null;
    }
  };

  const send = async (request: TimingsRequest): Promise<TimingsReply> => {
    const reply = new Promise<TimingsReply>((resolve, reject) =>
      pending.set(request.id, { request, resolve, reject }),
    );
    const w = start();
    if (!w) void onMainThread(request).then(settle);
    else if (ready) w.postMessage(request);
    return reply;
  };
  const cancel = () => {
    worker?.terminate();
    worker = null;
    const aborted = [...pending.values()];
    pending.clear();
    for (const entry of aborted) entry.reject(new DOMException('Cancelled', 'AbortError'));
  };
  return { send, cancel };
}

/**
 * Reads and writes timing files in a Web Worker, so parsing or writing 100,000 words never blocks
 * the page. The worker starts on first use and is kept for the next file; `cancel` ends it.
 */
export function createTimingsClient(
  createWorker: (() => WorkerLike) | null = typeof Worker === 'undefined' ? null : defaultWorker,
): TimingsClient {
  const { send, cancel } = createChannel(createWorker);
  let nextId = 1;
  const fail = (reply: Extract<TimingsReply, { ok: false }>) =>
    new TimingsFailure(reply.message, reply.unreadable);

  const client: TimingsClient = {
    async read(bytes, options = {}) {
      const reply = await send({ id: nextId++, kind: 'read', bytes, ...options });
      if (!reply.ok) throw fail(reply);
      if (!('summary' in reply)) throw new Error('unexpected reply');
      return reply.summary;
    },
    async take(token) {
      // Part by part (TAKE_PART items a message), so no one task decodes them all.
      const parts: AlignmentItem[][] = [];
      for (let from = 0; ;) {
        const reply = await send({ id: nextId++, kind: 'take', token, from });
        if (!reply.ok) throw fail(reply);
        if (!('taken' in reply)) throw new Error('unexpected reply');
        parts.push(reply.taken.items);
        if (reply.taken.done) {
          const items = parts.length === 1 ? parts[0]! : parts.flat();
          return { items, estimated: reply.taken.estimated };
        }
        from += reply.taken.items.length;
      }
    },
    async write(items, format, meta = {}) {
      const reply = await send({ id: nextId++, kind: 'write', items, format, meta });
      if (!reply.ok) throw fail(reply);
      if (!('text' in reply)) throw new Error('unexpected reply');
      return reply.text;
    },
    cancel,
    dispose: cancel,
  };
  return client;
}
