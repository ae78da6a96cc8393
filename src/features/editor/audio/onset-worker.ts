/// Web Worker: vocal onsets of mono PCM, off the main thread (see onset-source.ts).
import { computeSpectrogram, type Spectrogram } from './spectrogram-compute';
import { wavSamples } from '../../../dsp/wav-parse';
import { ANALYSIS_RATE, analysisMono } from './analysis-pcm';
import { computeEnvelope, type WaveformPeaks } from './envelope';
import { detectOnsetList } from './onset-detect';

export type OnsetRequest = (
  | { mono: Float32Array; sampleRate: number }
  /** A WAV file's bytes: read, mixed and brought near ANALYSIS_RATE here (analysis-pcm.ts). */
  | { wav: ArrayBuffer }
) & {
  /** Also compute the spectrogram from the same PCM (one decode for both). */
  spectrogram?: boolean;
  /** Also the waveform's peaks, sent first, before the onsets (see envelope.ts). */
  waveform?: boolean;
};

export type OnsetReply =
  | { onsets: Float64Array; strengths?: Float32Array; spectrogram?: Spectrogram }
  | { error: string }
  /** Not the answer yet: the waveform's peaks, sent as soon as they are computed. */
  | { waveform: WaveformPeaks }
  /** The WAV bytes back, unread (a format this reader does not know): the page decodes them. */
  | { unreadable: ArrayBuffer };

interface WorkerScope {
  onmessage: ((event: MessageEvent<OnsetRequest>) => void) | null;
  postMessage(message: OnsetReply | { ready: true }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

/** The request's mono PCM, or null when its WAV bytes cannot be read here (sent back then). */
function pcmOf(request: OnsetRequest): { mono: Float32Array; sampleRate: number } | null {
  if ('mono' in request) return request;
  let wav;
  try {
    wav = wavSamples(new Uint8Array(request.wav));
  } catch {
    scope.postMessage({ unreadable: request.wav }, [request.wav]);
    return null;
  }
  return analysisMono(wav, ANALYSIS_RATE);
}

scope.onmessage = (event) => {
  try {
    const pcm = pcmOf(event.data);
    if (!pcm) return;
    const { mono, sampleRate } = pcm;
    if (event.data.waveform) {
      const waveform = computeEnvelope(mono, sampleRate);
      scope.postMessage({ waveform }, [waveform.peaks.buffer]);
    }
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
