import { Fft, hannWindow } from '../../../dsp/fft';

/**
 * A low-resolution magnitude image of a signal: `bins` log-spaced bands (lowest first) per
 * column, one column per `hopSeconds`, 0..255 for -80..0 dBFS. `levels[0]` is the image; level k
 * halves the columns of level k-1 (max of each pair), so a zoomed-out view reads about one column
 * per pixel whatever the song's length.
 */
export interface Spectrogram {
  readonly hopSeconds: number;
  readonly bins: number;
  readonly minHz: number;
  readonly maxHz: number;
  /** levels[k] holds ceil(columns / 2^k) columns of `bins` bytes each, column after column. */
  readonly levels: readonly Uint8Array[];
}

export interface SpectrogramOptions {
  fftSize?: number;
  hopSeconds?: number;
  bins?: number;
  minHz?: number;
  maxHz?: number;
  /** Columns computed between two yields of the generator. */
  columnsPerStep?: number;
}

const FLOOR_DB = -80;

/** The number of columns of level k. */
export const columnsAt = (s: Spectrogram, level: number) => (s.levels[level]?.length ?? 0) / s.bins;

/**
 * Band edges as FFT bin indices: log-spaced between minHz and maxHz, at least one bin wide (so the
 * lowest bands, narrower than a bin, become one bin each: linear at the bottom, log above).
 */
export function bandEdges(
  bins: number,
  minHz: number,
  maxHz: number,
  fftSize: number,
  rate: number,
) {
  const edges = new Int32Array(bins + 1);
  const hzPerBin = rate / fftSize;
  const top = Math.min(maxHz, rate / 2);
  for (let b = 0; b <= bins; b++) {
    const hz = minHz * (top / minHz) ** (b / bins);
    edges[b] = Math.min(fftSize / 2, Math.round(hz / hzPerBin));
  }
  for (let b = 1; b <= bins; b++) edges[b] = Math.max(edges[b]!, edges[b - 1]! + 1);
  return edges;
}

/**
 * Computes the spectrogram a few hundred columns at a time (yields progress 0..1): run it to the
 * end in a worker, or step it in time slices on the main thread.
 */
export function* spectrogramSteps(
  mono: Float32Array,
  rate: number,
  options: SpectrogramOptions = {},
): Generator<number, Spectrogram> {
  const {
    fftSize = 512,
    hopSeconds = 0.02,
    bins = 96,
    minHz = 80,
    maxHz = 5000,
    columnsPerStep = 500,
  } = options;
  const hop = Math.max(1, Math.round(rate * hopSeconds));
  const columns = Math.max(0, Math.ceil(mono.length / hop));
  const fft = new Fft(fftSize);
  const window = hannWindow(fftSize);
  const edges = bandEdges(bins, minHz, maxHz, fftSize, rate);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const power = new Float64Array(fftSize / 2 + 1);
  const base = new Uint8Array(columns * bins);
  // A full-scale sine gives |X| = N/4 with a Hann window: that is 0 dBFS.
  const ref = (fftSize / 4) ** 2;
  const scale = 255 / -FLOOR_DB;
  for (let c = 0; c < columns; c++) {
    const centre = c * hop;
    const from = centre - fftSize / 2;
    for (let i = 0; i < fftSize; i++) {
      const j = from + i;
      re[i] = j >= 0 && j < mono.length ? mono[j]! * window[i]! : 0;
      im[i] = 0;
    }
    fft.transform(re, im);
    for (let k = 0; k <= fftSize / 2; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    for (let b = 0; b < bins; b++) {
      let peak = 0;
      for (let k = edges[b]!; k < edges[b + 1]!; k++) if (power[k]! > peak) peak = power[k]!;
      const db = 10 * Math.log10(peak / ref + 1e-12);
      base[c * bins + b] = Math.max(0, Math.min(255, Math.round((db - FLOOR_DB) * scale)));
    }
    if ((c + 1) % columnsPerStep === 0) yield (c + 1) / columns;
  }
  const levels = [base];
  for (let prev = base; prev.length > bins;) {
    const n = prev.length / bins;
    const next = new Uint8Array(Math.ceil(n / 2) * bins);
    for (let c = 0; c < n; c += 2) {
      const a = c * bins;
      const o = (c / 2) * bins;
      const b = c + 1 < n ? a + bins : a;
      for (let k = 0; k < bins; k++) next[o + k] = Math.max(prev[a + k]!, prev[b + k]!);
    }
    levels.push(next);
    prev = next;
  }
  return { hopSeconds: hop / rate, bins, minHz, maxHz: Math.min(maxHz, rate / 2), levels };
}

export function computeSpectrogram(
  mono: Float32Array,
  rate: number,
  options?: SpectrogramOptions,
): Spectrogram {
  const steps = spectrogramSteps(mono, rate, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
