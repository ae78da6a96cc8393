/** The parts of a Worker a one-shot call uses; the worker says `{ ready: true }` once it runs. */
export interface WorkerPort<Request, Reply> {
  onmessage: ((event: MessageEvent<Reply | { ready: true }>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: Request, transfer: Transferable[]): void;
  terminate(): void;
}

/** A new worker, or null where none can be made. */
export function tryWorker<W>(create: (() => W) | null | undefined): W | null {
  try {
    return create?.() ?? null;
  } catch {
    return null;
  }
}

/**
 * One request to a worker, which is terminated when the call ends. The request (and its
 * `transfer` list) is sent only once the worker said it runs, so a worker that cannot start
 * resolves null and leaves them to the caller. Replies `onInterim` takes (returns true for) are
 * not the answer; the first other reply is. An abort of `signal` rejects with its reason.
 */
export function callWorker<Request, Reply>(
  worker: WorkerPort<Request, Reply>,
  request: Request,
  transfer: Transferable[],
  {
    signal,
    onInterim = () => false,
    failed,
  }: { signal?: AbortSignal; onInterim?: (reply: Reply) => boolean; failed: string },
): Promise<Reply | null> {
  return new Promise((resolve, reject) => {
    let sent = false;
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      const reason: unknown = signal?.reason;
      reject(reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event) => {
      const data = event.data;
      if (typeof data === 'object' && data !== null && 'ready' in data) {
        if (!sent) worker.postMessage(request, transfer);
        sent = true;
        return;
      }
      if (onInterim(data)) return;
      done();
      resolve(data);
    };
    worker.onerror = () => {
      done();
      if (sent) reject(new Error(failed));
      else resolve(null);
    };
  });
}
