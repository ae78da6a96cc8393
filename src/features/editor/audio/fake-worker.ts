import type { WorkerPort } from '../../../api/worker-call';

export type FakeWorker<Request, Reply> = WorkerPort<Request, Reply> & {
  received: Request[];
  terminated: boolean;
};

/**
 * A worker for tests: says ready (or fails to start) on the next task, records each request and
 * hands it to `onRequest`, which answers with `reply` (each answer on a microtask, as a worker's).
 */
export function fakeWorker<Request, Reply>(
  onRequest: (request: Request, reply: (data: Reply) => void, transfer: Transferable[]) => void,
  { failToStart = false } = {},
): FakeWorker<Request, Reply> {
  const worker: FakeWorker<Request, Reply> = {
    received: [],
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage(message, transfer) {
      worker.received.push(message);
      const reply = (data: Reply) =>
        queueMicrotask(() => worker.onmessage?.(new MessageEvent('message', { data })));
      onRequest(message, reply, transfer);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  setTimeout(() => {
    if (failToStart) worker.onerror?.(new Event('error'));
    else worker.onmessage?.(new MessageEvent('message', { data: { ready: true } }));
  }, 0);
  return worker;
}
