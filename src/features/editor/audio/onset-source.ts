import { isWav } from '../../../dsp/wav-parse';
import { spectrogramSteps, type Spectrogram } from './spectrogram-compute';
import { ANALYSIS_RATE } from './analysis-pcm';
import { envelopeSteps, type WaveformPeaks } from './envelope';
import { fetchOffMain, type FetchedBody } from './fetch-off-main';
import { onsetSteps, type DetectedOnsets } from './onset-detect';
import type { OnsetReply, OnsetRequest } from './onset-worker';
import { callWorker, tryWorker, type WorkerPort } from '../../../api/worker-call';

/** decodeAudioData (the page's path for other formats than WAV) resamples to ANALYSIS_RATE. */
export { ANALYSIS_RATE };
/** Samples mixed to mono between two yields to the main thread (~1-3 ms of work). */
const MIX_SLICE = 1 << 19;
/** Main-thread fallback: analysis time per slice before yielding. */
const SLICE_BUDGET_MS = 8;

/** What the analysis reads of an AudioBuffer (a plain object in tests). */
export interface DecodedAudio {
  readonly sampleRate: number;
  readonly length: number;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

/** The parts of a Worker used here. */
export type WorkerLike = WorkerPort<OnsetRequest, OnsetReply>;

export interface OnsetSourceOptions {
  signal?: AbortSignal;
  /** GET the stem (default: in a worker, so its body is not read on the main thread). */
  fetch?: (url: string, init: { signal?: AbortSignal }) => Promise<FetchedBody>;
  decode?: (data: ArrayBuffer) => Promise<DecodedAudio>;
  /** null: analyse in time slices on the main thread. */
  createWorker?: (() => WorkerLike) | null;
  yieldToMain?: () => Promise<void>;
  /**
   * Called with the spectrogram of the same decoded PCM: with the onsets from the worker, or after
   * they are returned on the main-thread fallback.
   */
  onSpectrogram?: (spectrogram: Spectrogram) => void;
  /** Called with the waveform's peaks of the same decoded PCM, before the onsets. */
  onWaveform?: (waveform: WaveformPeaks) => void;
}

const defaultYield = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Decoded at ANALYSIS_RATE by the browser (off the main thread in Chromium). */
const defaultDecode = (data: ArrayBuffer): Promise<DecodedAudio> =>
  new OfflineAudioContext(1, 1, ANALYSIS_RATE).decodeAudioData(data);

const defaultWorker = (): WorkerLike =>
  new Worker(new URL('./onset-worker.ts', import.meta.url), {
    type: 'module',
    name: 'vocal onsets',
  }) as unknown as WorkerLike;

/** Channels averaged into one array, a slice at a time so a long song never blocks a frame. */
export async function mixToMonoSliced(
  audio: DecodedAudio,
  { signal, yieldToMain = defaultYield }: Pick<OnsetSourceOptions, 'signal' | 'yieldToMain'> = {},
): Promise<Float32Array> {
  const mono = new Float32Array(audio.length);
  const channels = Array.from({ length: audio.numberOfChannels }, (_, c) =>
    audio.getChannelData(c),
  );
  const scale = 1 / Math.max(1, channels.length);
  for (let from = 0; from < audio.length; from += MIX_SLICE) {
    signal?.throwIfAborted();
    const to = Math.min(audio.length, from + MIX_SLICE);
    if (channels.length === 1 && channels[0]) mono.set(channels[0].subarray(from, to), from);
    else {
      for (const channel of channels) {
        for (let i = from; i < to; i++) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) * scale;
      }
    }
    if (to < audio.length) await yieldToMain();
  }
  return mono;
}

/** What `loadOnsets` gives: sorted times and, per onset, its strength (see `DetectedOnsets`). */
export interface OnsetList {
  readonly times: readonly number[];
  readonly strengths: readonly number[];
}

/** The detector on the main thread, at most SLICE_BUDGET_MS at a time. */
export async function detectInSlices(
  mono: Float32Array,
  sampleRate: number,
  { signal, yieldToMain = defaultYield }: Pick<OnsetSourceOptions, 'signal' | 'yieldToMain'> = {},
): Promise<DetectedOnsets> {
  return runInSlices(onsetSteps(mono, sampleRate, { framesPerStep: 200 }), signal, yieldToMain);
}

/** The spectrogram on the main thread, at most SLICE_BUDGET_MS at a time. */
async function spectrogramInSlices(
  mono: Float32Array,
  sampleRate: number,
  { signal, yieldToMain = defaultYield }: Pick<OnsetSourceOptions, 'signal' | 'yieldToMain'>,
): Promise<Spectrogram> {
  return runInSlices(
    spectrogramSteps(mono, sampleRate, { columnsPerStep: 50 }),
    signal,
    yieldToMain,
  );
}

/** Runs a stepwise computation at most SLICE_BUDGET_MS at a time, yielding to the page between. */
async function runInSlices<T>(
  steps: Iterator<unknown, T>,
  signal: AbortSignal | undefined,
  yieldToMain: () => Promise<void>,
): Promise<T> {
  for (;;) {
    signal?.throwIfAborted();
    const until = performance.now() + SLICE_BUDGET_MS;
    do {
      const step = steps.next();
      if (step.done) return step.value;
    } while (performance.now() < until);
    await yieldToMain();
  }
}

type WorkerInput = { mono: Float32Array; sampleRate: number } | { wav: ArrayBuffer };

/**
 * The analysis in a worker: of mono PCM, or of a WAV file's bytes read there. The input is
 * transferred (not copied) only once the worker said it runs, so a worker that cannot start
 * leaves it for the page (resolves null); WAV bytes the worker cannot read come back
 * (`{ unreadable }`) for the page to decode.
 */
async function analyseInWorker(
  worker: WorkerLike,
  input: WorkerInput,
  signal: AbortSignal | undefined,
  onSpectrogram: ((s: Spectrogram) => void) | undefined,
  onWaveform: ((w: WaveformPeaks) => void) | undefined,
): Promise<OnsetList | { unreadable: ArrayBuffer } | null> {
  const request: OnsetRequest = {
    ...input,
    ...(onSpectrogram ? { spectrogram: true } : {}),
    ...(onWaveform ? { waveform: true } : {}),
  };
  const reply = await callWorker<OnsetRequest, OnsetReply>(
    worker,
    request,
    ['wav' in input ? input.wav : input.mono.buffer],
    {
      signal,
      failed: 'The onset worker failed',
      onInterim: (r) => {
        if (!('waveform' in r)) return false;
        onWaveform?.(r.waveform);
        return true;
      },
    },
  );
  if (!reply || 'unreadable' in reply) return reply;
  if ('error' in reply) throw new Error(reply.error);
  if (!('onsets' in reply)) throw new Error('The onset worker answered out of turn');
  if (reply.spectrogram) onSpectrogram?.(reply.spectrogram);
  const times = Array.from(reply.onsets);
  // An answer without strengths (an older worker) ranks every onset the same.
  const strengths = reply.strengths ? Array.from(reply.strengths) : times.map(() => 1);
  return { times, strengths };
}

/**
 * Vocal onsets of a stem, sorted, in seconds, with their strengths, and on request its
 * spectrogram and waveform peaks: fetch (in a worker); a WAV stem (what the service makes) is
 * read, mixed and brought to ANALYSIS_RATE in the analysis worker, so the page never holds its
 * PCM; other formats are decoded by the page at ANALYSIS_RATE (decodeAudioData; its last step
 * runs on the main thread) and mixed in slices. Detection runs in a Web Worker (time slices on the
 * main thread when no worker can run).
 */
export async function loadOnsets(
  url: string,
  options: OnsetSourceOptions = {},
): Promise<OnsetList> {
  const {
    signal,
    fetch: get = (u, init) => fetchOffMain(u, init),
    decode = defaultDecode,
    createWorker = typeof Worker === 'undefined' ? null : defaultWorker,
    onSpectrogram,
    onWaveform,
  } = options;
  const startWorker = () => tryWorker(createWorker);
  const response = await get(url, { signal });
  if (!response.ok) throw new Error(`The stem could not be fetched (HTTP ${response.status})`);
  let data = await response.arrayBuffer();
  signal?.throwIfAborted();
  if (isWav(new Uint8Array(data))) {
    const worker = startWorker();
    const answer = worker
      ? await analyseInWorker(worker, { wav: data }, signal, onSpectrogram, onWaveform)
      : null;
    if (answer && 'times' in answer) return answer;
    if (answer) data = answer.unreadable;
  }
  const audio = await decode(data);
  signal?.throwIfAborted();
  const mono = await mixToMonoSliced(audio, options);
  const rate = audio.sampleRate;
  const worker = startWorker();
  const fromWorker = worker
    ? await analyseInWorker(worker, { mono, sampleRate: rate }, signal, onSpectrogram, onWaveform)
    : null;
  if (fromWorker && 'times' in fromWorker) return fromWorker;
  if (onWaveform) {
    const yieldToMain = options.yieldToMain ?? defaultYield;
    onWaveform(await runInSlices(envelopeSteps(mono, rate), signal, yieldToMain));
  }
  const onsets = await detectInSlices(mono, rate, options);
  // Snapping does not wait for the picture: the spectrogram follows in later slices.
  if (onSpectrogram) void spectrogramInSlices(mono, rate, options).then(onSpectrogram, () => {});
  return onsets;
}
