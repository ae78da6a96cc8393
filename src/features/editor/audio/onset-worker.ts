/// Web Worker: vocal onsets of mono PCM, off the main thread (see onset-source.ts).
import { computeSpectrogram, type Spectrogram } from '../tools/spectrogram-compute';
import { detectOnsetList } from './onset-detect';

export interface OnsetRequest {
  mono: Float32Array;
  sampleRate: number;
  /** Also compute the spectrogram from the same PCM (one decode for both). */
  spectrogram?: boolean;
}

export type OnsetReply =
  { onsets: Float64Array; strengths?: Float32Array; spectrogram?: Spectrogram } | { error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<OnsetRequest>) => void) | null;
  postMessage(message: OnsetReply | { ready: true }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const { mono, sampleRate } = event.data;
    const found = detectOnsetList(mono, sampleRate);
    const onsets = Float64Array.from(found.times);
    const strengths = Float32Array.from(found.strengths);
    const spectrogram = event.data.spectrogram ? computeSpectrogram(mono, sampleRate) : undefined;
    const transfer = [
      onsets.buffer,
      strengths.buffer,
      ...(spectrogram?.levels.map((l) => l.buffer) ?? []),
    ];
    scope.postMessage(
      spectrogram ? { onsets, strengths, spectrogram } : { onsets, strengths },
      transfer,
    );
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
// The page transfers the PCM only after this: a worker that failed to start never gets it.
scope.postMessage({ ready: true });
