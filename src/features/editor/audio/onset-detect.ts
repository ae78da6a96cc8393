import { Fft, hannWindow, nextPowerOfTwo } from '../../../dsp/fft';

/**
 * Vocal onsets for snapping, from mono PCM. Pure (no DOM): it runs in the onset worker, or in
 * time slices on the main thread when there is no worker (see onset-source.ts).
 */
export interface OnsetOptions {
  /** Analysis frames this far apart (seconds). */
  hopSeconds: number;
  /** Length of one analysis window (seconds, rounded up to a power of two in samples). */
  windowSeconds: number;
  /** Two onsets are at least this far apart; the earlier one wins. */
  minGapSeconds: number;
  /** Frames each side of the moving median the flux must stand out from. */
  medianReach: number;
  /** ...by this share of the file's strong rises (99th percentile of the flux). */
  strongShare: number;
  /** The energy rise is measured from this many frames before the peak (to the peak or the next). */
  riseReach: number;
  /** The frame energy must rise by this much (dB): offsets smear a spectrum too. */
  riseDb: number;
  /** Onsets quieter than this (dB below the file's loud frames) are bleed or breath. */
  rangeDb: number;
  /** ...and never below this absolute level (dBFS, mean square): noise floor. */
  floorDb: number;
  /** Frames analysed between two yields of `onsetSteps`. */
  framesPerStep: number;
}

export const DEFAULT_ONSET_OPTIONS: OnsetOptions = {
  hopSeconds: 0.01,
  windowSeconds: 0.023,
  minGapSeconds: 0.05,
  medianReach: 10,
  strongShare: 0.06,
  riseReach: 3,
  riseDb: 3,
  rangeDb: 45,
  floorDb: -60,
  framesPerStep: 2000,
};

/** The refinement needs this rise (dB) over what came before; else the frame's centre is used. */
const REFINE_MIN_RISE_DB = 6;
/** The onset is the first block within this of the local peak (half the amplitude). */
const REFINE_WITHIN_DB = 6;
const BLOCK_SECONDS = 0.001;

const toDb = (meanSquare: number) => 10 * Math.log10(meanSquare + 1e-12);

/** The value at `share` (0..1) of the sorted values, from the top (0.01: the 99th percentile). */
function fromTop(values: Float32Array, share: number): number {
  if (values.length === 0) return 0;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.max(0, sorted.length - 1 - Math.floor(values.length * share))] ?? 0;
}

function blockLevel(mono: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const x = mono[i] ?? 0;
    sum += x * x;
  }
  return toDb(sum / Math.max(1, to - from));
}

/**
 * Where, near the frame at `start`, the energy actually starts: the first ~1 ms block within 6 dB
 * of the local peak, when the rise over what came before is clear. A frame is ~23 ms long and
 * 10 ms from the next: this brings a sharp onset to within a block or two.
 */
function refine(mono: Float32Array, rate: number, start: number, size: number, hop: number) {
  const block = Math.max(1, Math.round(rate * BLOCK_SECONDS));
  const from = Math.max(0, start - hop);
  const to = Math.min(mono.length, start + size);
  const before = blockLevel(mono, Math.max(0, from - size), from);
  let peak = -Infinity;
  for (let b = from; b < to; b += block) peak = Math.max(peak, blockLevel(mono, b, b + block));
  if (peak - before < REFINE_MIN_RISE_DB) return null;
  const threshold = Math.max(peak - REFINE_WITHIN_DB, before + (peak - before) / 2);
  for (let b = from; b < to; b += block) {
    if (blockLevel(mono, b, Math.min(to, b + block)) >= threshold) return b / rate;
  }
  return null;
}

/** Onsets with how strong each one is, for ranking snap targets. */
export interface DetectedOnsets {
  /** Sorted onset times in seconds (millisecond precision). */
  times: number[];
  /**
   * Per onset, its rank among this song's onsets by how far its spectral rise stands out of the
   * adaptive threshold: 1 for the strongest, 1/n for the weakest (a share, so "the top 40 %" is
   * `strength > 0.6` in every song, loud or quiet).
   */
  strengths: number[];
}

/** Ranks of `values` as shares in (0, 1]: the largest gets 1 (ties share the higher rank). */
export function rankShares(values: readonly number[]): number[] {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (values[a] ?? 0) - (values[b] ?? 0),
  );
  const out = new Array<number>(n);
  for (let r = n - 1; r >= 0; r--) {
    const i = order[r] as number;
    const next = order[r + 1];
    // Equal values share the rank of the last of them.
    out[i] = next !== undefined && values[next] === values[i] ? (out[next] as number) : (r + 1) / n;
  }
  return out;
}

/**
 * The detector as steps: yields its progress (0..1) every `framesPerStep` frames and returns the
 * sorted onset times in seconds (millisecond precision) with their strengths.
 *
 * Spectral flux (summed rise of log-compressed magnitudes between Hann-windowed frames), peak-picked
 * against an adaptive threshold (a moving median plus a share of the file's strongest rises), where
 * the frame energy rises and is loud enough to be voice, refined to ~1 ms on the energy envelope,
 * at least `minGapSeconds` apart.
 */
export function* onsetSteps(
  mono: Float32Array,
  sampleRate: number,
  options: Partial<OnsetOptions> = {},
): Generator<number, DetectedOnsets, void> {
  const o = { ...DEFAULT_ONSET_OPTIONS, ...options };
  const size = nextPowerOfTwo(sampleRate * o.windowSeconds);
  const hop = Math.max(1, Math.round(sampleRate * o.hopSeconds));
  const none = (): DetectedOnsets => ({ times: [], strengths: [] });
  if (mono.length < size) return none();
  const frames = Math.floor((mono.length - size) / hop) + 1;
  if (frames < 3) return none();

  const fft = new Fft(size);
  const window = hannWindow(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = size / 2;
  let previous = new Float64Array(half);
  let current = new Float64Array(half);
  const flux = new Float32Array(frames);
  const level = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    if (f > 0 && f % o.framesPerStep === 0) yield (0.9 * f) / frames;
    const offset = f * hop;
    let energy = 0;
    for (let i = 0; i < size; i++) {
      const x = mono[offset + i] ?? 0;
      energy += x * x;
      re[i] = x * (window[i] ?? 0);
      im[i] = 0;
    }
    level[f] = toDb(energy / size);
    if (energy === 0) {
      // Digital silence: no spectrum to compute, and nothing can rise from it within this frame.
      current.fill(0);
      flux[f] = 0;
    } else {
      fft.transform(re, im);
      let rise = 0;
      for (let k = 1; k < half; k++) {
        const r = re[k] ?? 0;
        const i = im[k] ?? 0;
        const magnitude = Math.log1p(1000 * Math.sqrt(r * r + i * i));
        current[k] = magnitude;
        const d = magnitude - (previous[k] ?? 0);
        if (d > 0) rise += d;
      }
      flux[f] = f > 0 ? rise : 0;
    }
    [previous, current] = [current, previous];
  }

  const loud = fromTop(level, 0.03);
  const strong = fromTop(flux, 0.01);
  const onsets: number[] = [];
  const salience: number[] = [];
  const neighbours = new Float32Array(2 * o.medianReach + 1);
  let last = -Infinity;
  for (let f = 1; f < frames - 1; f++) {
    if (f % o.framesPerStep === 0) yield 0.9 + (0.1 * f) / frames;
    const v = flux[f] ?? 0;
    if (v <= 0 || v < (flux[f - 1] ?? 0) || v < (flux[f + 1] ?? 0)) continue;
    const lo = Math.max(0, f - o.medianReach);
    const hi = Math.min(frames, f + o.medianReach + 1);
    const near = neighbours.subarray(0, hi - lo);
    near.set(flux.subarray(lo, hi));
    near.sort();
    const median = near[near.length >> 1] ?? 0;
    if (v <= median + o.strongShare * strong) continue;
    // Only the peak frame and the next: looking further ahead would credit a noise peak just
    // before a note with the note's energy.
    const after = Math.max(level[f] ?? -Infinity, level[f + 1] ?? -Infinity);
    const before = level[Math.max(0, f - o.riseReach)] ?? -Infinity;
    if (after - before <= o.riseDb || after < loud - o.rangeDb || after < o.floorDb) continue;
    const time = refine(mono, sampleRate, f * hop, size, hop) ?? (f * hop + size / 2) / sampleRate;
    if (time - last < o.minGapSeconds) continue;
    onsets.push(Math.round(time * 1000) / 1000);
    // How far the rise stands out of its threshold, in units of the file's strong rises.
    salience.push((v - median) / Math.max(strong, 1e-9));
    last = time;
  }
  return { times: onsets, strengths: rankShares(salience) };
}

/** Runs `onsetSteps` to the end at once (workers, tests): times and strengths. */
export function detectOnsetList(
  mono: Float32Array,
  sampleRate: number,
  options: Partial<OnsetOptions> = {},
): DetectedOnsets {
  const steps = onsetSteps(mono, sampleRate, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The sorted onset times alone. */
export const detectOnsets = (
  mono: Float32Array,
  sampleRate: number,
  options: Partial<OnsetOptions> = {},
): number[] => detectOnsetList(mono, sampleRate, options).times;

/** Average of the channels (a copy). */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const length = channels[0]?.length ?? 0;
  const out = new Float32Array(length);
  if (channels.length === 1 && channels[0]) {
    out.set(channels[0]);
    return out;
  }
  const scale = 1 / Math.max(1, channels.length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0) * scale;
  }
  return out;
}
