import type { FetchReply, FetchRequest } from './fetch-worker';
import { callWorker, tryWorker, type WorkerPort } from '../../../api/worker-call';

/** What `loadOnsets` reads of a response. */
export interface FetchedBody {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The parts of a Worker used here. */
export type FetchWorkerLike = WorkerPort<FetchRequest, FetchReply>;

const defaultWorker = (): FetchWorkerLike =>
  new Worker(new URL('./fetch-worker.ts', import.meta.url), {
    type: 'module',
    name: 'stem download',
  }) as unknown as FetchWorkerLike;

/**
 * GET `url` into an ArrayBuffer in a Web Worker, the buffer transferred (not copied). Chromium
 * reads a response body on the thread that asked for it: for a 60-minute stem that was tasks of
 * 50-185 ms on the page's main thread while the editor was already in use (measured in
 * bench/editor-real.bench.ts). Falls back to the page's own fetch where no worker starts or the
 * worker's fetch fails. The service gives its scripts the app's policy (server/http/static.ts):
 * a worker runs under the policy of its script's response.
 */
export async function fetchOffMain(
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
  const worker = tryWorker(createWorker);
  const absolute = new URL(url, globalThis.location?.href).href;
  const reply = worker
    ? await callWorker<FetchRequest, FetchReply>(worker, { url: absolute }, [], {
        signal,
        failed: 'The download worker failed',
      })
    : null;
  // No worker, one that never started, or one that could not fetch (a network fault, or a policy
  // that lets the page fetch but not its workers): the page tries once itself, so onsets never
  // depend on where the fetch ran.
  if (!reply || 'error' in reply) return fallback(url, { signal });
  const { status, data } = reply;
  return {
    ok: data !== undefined,
    status,
    arrayBuffer: () => (data ? Promise.resolve(data) : Promise.reject(new Error(`HTTP ${status}`))),
  };
}
