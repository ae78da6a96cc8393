import type { AlignmentColumns } from '../contract/item-columns';
import { tryWorker } from './worker-call';

/**
 * GET a project in a Web Worker, which also reads its JSON and takes each alignment's items out
 * as columns (`item-columns.ts`): the page's main thread no longer reads 10 MB of response,
 * parses it nor checks 100,000 items between the data and the first input (issue 24: that was
 * ~40 % of the editor's load); it builds the items from the columns and parses the rest with
 * the project's schema. Used by `ApiClient` for `getProject` where a worker can start; where
 * none starts, or its fetch fails (a network fault), the client fetches on the page as before.
 *
 * One worker serves every GET of the page (the first load, the editor's 20 s revision poll, a
 * refetch on focus): it is started when the first client is made (before the page asks, so its
 * script is loaded and compiled by then) and ended after `IDLE_MS` without a request. Requests
 * carry an id; an abort cancels the worker's fetch.
 */
export interface OffMainRequest {
  id: number;
  /** Absolute: a worker resolves relative URLs against its own script. */
  url: string;
  headers: Record<string, string>;
  /** The page's `performance.timeOrigin`, to report the response's end on the page's clock. */
  pageOrigin: number;
}

/** What the page sends: a request, or the cancel of one (its fetch is aborted). */
export type OffMainMessage = OffMainRequest | { cancel: number };

export type OffMainReply =
  | {
      status: number;
      statusText: string;
      etag: string | null;
      /** When the response ended, on the page's clock (null: no resource timing). */
      responseEnd: number | null;
      /** The parsed JSON (the text when it is not JSON), the columnised items' lists emptied. */
      payload: unknown;
      columns: AlignmentColumns[];
    }
  | { error: string };

export type OffMainAnswer = Extract<OffMainReply, { status: number }>;

/** What the worker posts: once `{ ready: true }`, then each request's reply with its id. */
export type OffMainPost = { ready: true } | (OffMainReply & { id: number });

/** The parts of a Worker used here. */
export interface OffMainWorker {
  onmessage: ((event: MessageEvent<OffMainPost>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: OffMainMessage): void;
  terminate(): void;
}

/** Reads a project off the main thread: null when it could not (the caller fetches itself). */
export interface ProjectReader {
  (
    url: string,
    init: { headers: Record<string, string>; signal?: AbortSignal },
  ): Promise<OffMainAnswer | null>;
  /** Starts the worker now (it loads its script) so that the first GET does not wait for it. */
  prewarm?: () => void;
}

const newWorker = (): OffMainWorker =>
  new Worker(new URL('./project-worker.ts', import.meta.url), {
    type: 'module',
    name: 'project reader',
  }) as unknown as OffMainWorker;

/** An idle worker is ended after this long (the editor's poll, every 20 s, keeps it). */
export const IDLE_MS = 120_000;

interface Pending {
  request: OffMainRequest;
  resolve: (answer: OffMainAnswer | null) => void;
}

/**
 * The reader for this page: one worker for every request (made when first needed or prewarmed,
 * made again after it failed or idled out), or null answers where there are no workers.
 */
export function workerProjectReader(
  create: () => OffMainWorker = newWorker,
  idleMs = IDLE_MS,
): ProjectReader {
  let worker: OffMainWorker | null = null;
  let ready = false;
  let nextId = 1;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, Pending>();

  const drop = () => {
    worker?.terminate();
    worker = null;
    ready = false;
    clearTimeout(idle);
    const left = [...pending.values()];
    pending.clear();
    for (const p of left) p.resolve(null);
  };
  const idleLater = () => {
    clearTimeout(idle);
    if (pending.size === 0) idle = setTimeout(drop, idleMs);
  };
  const start = (): OffMainWorker | null => {
    if (worker) return worker;
    const made = tryWorker(create);
    if (!made) return null;
    worker = made;
    made.onmessage = ({ data }) => {
      if (worker !== made) return;
      if ('ready' in data) {
        ready = true;
        for (const p of pending.values()) made.postMessage(p.request);
        return idleLater();
      }
      const p = pending.get(data.id);
      if (!p) return; // cancelled
      pending.delete(data.id);
      const { id: _id, ...reply } = data;
      p.resolve('error' in reply ? null : reply);
      idleLater();
    };
    // A worker that cannot start or fails: its requests go to the page, the next one starts anew.
    made.onerror = () => {
      if (worker === made) drop();
    };
    idleLater();
    return made;
  };

  const read: ProjectReader = (url, { headers, signal }) => {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const running = start();
    if (!running) return Promise.resolve(null);
    clearTimeout(idle);
    const request: OffMainRequest = {
      id: nextId++,
      url,
      headers,
      pageOrigin: performance.timeOrigin,
    };
    return new Promise<OffMainAnswer | null>((resolve, reject) => {
      const abort = () => {
        if (!pending.delete(request.id)) return;
        if (ready) worker?.postMessage({ cancel: request.id });
        idleLater();
        reject(abortReason(signal));
      };
      pending.set(request.id, {
        request,
        resolve: (answer) => {
          signal?.removeEventListener('abort', abort);
          resolve(answer);
        },
      });
      signal?.addEventListener('abort', abort, { once: true });
      if (ready) running.postMessage(request);
    });
  };
  read.prewarm = () => void start();
  return read;
}

const abortReason = (signal: AbortSignal | undefined): Error => {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
};

let shared: ProjectReader | undefined;

/** The page's one project reader (shared by every client: the worker holds no credentials). */
export function sharedProjectReader(): ProjectReader {
  return (shared ??= workerProjectReader());
}

/**
 * Marks when the project's response ended on the page's timeline (User Timing): the page's own
 * Resource Timing does not see a worker's fetch (the editor bench reads this mark).
 */
export function markResponseEnd(answer: OffMainAnswer, url: string): void {
  if (answer.responseEnd === null || typeof performance.mark !== 'function') return;
  try {
    performance.mark('project-response-end', {
      startTime: Math.max(0, answer.responseEnd),
      detail: { url },
    });
  } catch {
    // a timeline that refuses marks: nothing to say
  }
}
