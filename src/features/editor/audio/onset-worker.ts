/// Web Worker: vocal onsets of mono PCM, off the main thread (see onset-source.ts).
import { detectOnsets } from './onset-detect';

export interface OnsetRequest {
  mono: Float32Array;
  sampleRate: number;
}

export type OnsetReply = { onsets: Float64Array } | { error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<OnsetRequest>) => void) | null;
  postMessage(message: OnsetReply | { ready: true }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const onsets = Float64Array.from(detectOnsets(event.data.mono, event.data.sampleRate));
    scope.postMessage({ onsets }, [onsets.buffer]);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
// The page transfers the PCM only after this: a worker that failed to start never gets it.
scope.postMessage({ ready: true });
