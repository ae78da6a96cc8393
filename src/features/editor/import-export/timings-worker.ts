/// Web Worker: reads and writes timing files off the main thread (see timings-client.ts).
import { answer } from './timings-work';
import type { TimingsReply, TimingsRequest } from './timings-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<TimingsRequest>) => void) | null;
  postMessage(message: TimingsReply | { ready: true }): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => scope.postMessage(answer(event.data));
scope.postMessage({ ready: true });
