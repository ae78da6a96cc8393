import type { FetchReply, FetchRequest } from './fetch-worker';

/** What `loadOnsets` reads of a response. */
export interface FetchedBody {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The parts of a Worker used here. */
export interface FetchWorkerLike {
  onmessage: ((event: MessageEvent<FetchReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: FetchRequest): void;
  terminate(): void;
}

const defaultWorker = (): FetchWorkerLike =>
  new Worker(new URL('./fetch-worker.ts', import.meta.url), {
    type: 'module',
    name: 'stem download',
  }) as unknown as FetchWorkerLike;

const aborted = (signal: AbortSignal | undefined): Error => {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
};

/**
 * GET `url` into an ArrayBuffer in a Web Worker, the buffer transferred (not copied). Chromium
 * reads a response body on the thread that asked for it: for a 60-minute stem that was tasks of
 * 50-185 ms on the page's main thread while the editor was already in use (measured in
 * bench/editor-real.bench.ts). Falls back to the page's own fetch where no worker starts or the
 * worker's fetch fails. The service gives its scripts the app's policy (server/http/static.ts):
 * a worker runs under the policy of its script's response.
 */
export function fetchOffMain(
  url: string,
  {
    signal,
    createWorker = typeof Worker === 'undefined' ? null : defaultWorker,
    fallback = (u: string, init: { signal?: AbortSignal }) => fetch(u, init),
  }: {
    signal?: AbortSignal;
    createWorker?: (() => FetchWorkerLike) | null;
    fallback?: (u: string, init: { signal?: AbortSignal }) => Promise<FetchedBody>;
  } = {},
): Promise<FetchedBody> {
  let worker: FetchWorkerLike | null;
  try {
    worker = createWorker?.() ?? null;
  } catch {
    worker = null;
  }
  if (!worker) return fallback(url, { signal });
  const w = worker;
  const absolute = new URL(url, globalThis.location?.href).href;
  return new Promise<FetchedBody>((resolve, reject) => {
    let sent = false;
    const done = () => {
      w.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(aborted(signal));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    w.onmessage = (event) => {
      const reply = event.data;
      if ('ready' in reply) {
        if (!sent) w.postMessage({ url: absolute });
        sent = true;
        return;
      }
      done();
      // The worker could not fetch (a network fault, or a policy that lets the page fetch but not
      // its workers): the page tries once itself, so onsets never depend on where the fetch ran.
      if ('error' in reply) fallback(url, { signal }).then(resolve, reject);
      else {
        const { status, data } = reply;
        resolve({
          ok: data !== undefined,
          status,
          arrayBuffer: () =>
            data ? Promise.resolve(data) : Promise.reject(new Error(`HTTP ${status}`)),
        });
      }
    };
    w.onerror = () => {
      done();
      // A worker that never started: the page fetches it itself.
      if (!sent) fallback(url, { signal }).then(resolve, reject);
      else reject(new Error('The download worker failed'));
    };
  });
}
