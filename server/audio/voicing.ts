/**
 * Where the vocal stem holds a voice, per 10 ms frame (FRAME_SECONDS).
 *
 * - `energyEnvelope` + `voicedRegions` (+ `tightenSpan`): the voice band's level with an adaptive
 *   threshold; what the energy aligner (`align.ts`) and the line-head repair use.
 * - `voicingMeasure(vocals)`: a 0..1 voicing value per frame from level and pitch (a sung vowel is
 *   periodic, drums and noise are not), with its voiced `regions`, the level (`db`) and the
 *   periodicity (`harmonicity`) it came from. Frames line up with `energyEnvelope`'s.
 * - `unvoicedStretches(regions, frameCount, minSeconds = 2, marginSeconds = 0.2)`: the gate for
 *   placing lines: the stretches (seconds) of at least `minSeconds` with no voiced region.
 *
 * How good each is on real songs (precision/recall of voiced frames against the human word timings,
 * AUC, words the gate would wrongly shut out, share of long wordless stretches it closes):
 * `npx tsx bench/lib/stem-quality.ts` (figures in docs/adr/0022-vocal-stem-quality-and-voicing-gate.md).
 */
import type { PcmAudio } from './pcm';
import { Fft, hannWindow, nextPowerOfTwo } from '../../src/dsp/fft';
import { pcmLength } from './pcm';

/** Analysis frame step of the energy envelope, in seconds. */
export const FRAME_SECONDS = 0.01;
const WINDOW_SECONDS = 0.03;
const HIGH_PASS_HZ = 150;

export interface Envelope {
  /** Frame energy in dB (frame f covers f·FRAME_SECONDS ± WINDOW_SECONDS/2). */
  db: Float64Array;
  /** Level above which a frame counts as voiced, and the lower level that ends a voiced run. */
  threshold: number;
  release: number;
  /** The stem's loud level (97th percentile of frames), the reference for how strong voicing is. */
  loud: number;
}

export interface Region {
  /** Frame indices, end exclusive. */
  start: number;
  end: number;
}

function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Short-time energy of the voice band (a first-order high-pass keeps bass bleed out of it), with an
 * adaptive threshold set between the file's own quiet floor (10th percentile) and loud level (97th).
 */
export function energyEnvelope(vocals: PcmAudio, thresholdFraction = 0.6): Envelope {
  const rate = vocals.sampleRate;
  const length = pcmLength(vocals);
  const channels = vocals.channels;
  const alpha = rate / (rate + 2 * Math.PI * HIGH_PASS_HZ);
  const step = rate * FRAME_SECONDS;
  const halfWindow = Math.round((rate * WINDOW_SECONDS) / 2);
  const frames = Math.max(1, Math.ceil(length / step));
  const db = new Float64Array(frames);
  // Window f covers samples [from(f), to(f)); both grow with f, so one pass over the samples keeps a
  // running sum of squares and notes it at each window edge (no copy of the audio: memory is per frame).
  const centre = (f: number) => Math.round(f * step + step / 2);
  const from = (f: number) => Math.max(0, centre(f) - halfWindow);
  const to = (f: number) => Math.min(length, centre(f) + halfWindow);
  const sumAtFrom = new Float64Array(frames);
  const sumAtTo = new Float64Array(frames);
  let nextFrom = 0;
  let nextTo = 0;
  let sum = 0;
  let previousIn = 0;
  let previousOut = 0;
  for (let i = 0; i <= length; i++) {
    while (nextFrom < frames && from(nextFrom) === i) sumAtFrom[nextFrom++] = sum;
    while (nextTo < frames && to(nextTo) === i) sumAtTo[nextTo++] = sum;
    if (i === length) break;
    let x = 0;
    for (const channel of channels) x += channel[i] ?? 0;
    x /= channels.length || 1;
    previousOut = alpha * (previousOut + x - previousIn);
    previousIn = x;
    sum += previousOut * previousOut;
  }
  for (let f = 0; f < frames; f++) {
    const a = from(f);
    const b = to(f);
    const energy = b > a ? ((sumAtTo[f] ?? 0) - (sumAtFrom[f] ?? 0)) / (b - a) : 0;
    db[f] = 10 * Math.log10(energy + 1e-12);
  }
  const floor = percentile(db, 10);
  const loud = percentile(db, 97);
  const span = Math.max(loud - floor, 1e-6);
  return {
    db,
    threshold: floor + thresholdFraction * span,
    release: floor + thresholdFraction * 0.75 * span,
    loud,
  };
}

/** Runs of frames over the threshold (with hysteresis), tiny gaps closed and tiny blips dropped. */
export function voicedRegions(env: Envelope, minGapFrames = 2, minRegionFrames = 4): Region[] {
  const raw: Region[] = [];
  let start = -1;
  env.db.forEach((level, f) => {
    if (start < 0 && level >= env.threshold) start = f;
    else if (start >= 0 && level < env.release) {
      raw.push({ start, end: f });
      start = -1;
    }
  });
  if (start >= 0) raw.push({ start, end: env.db.length });
  const merged: Region[] = [];
  for (const region of raw) {
    const last = merged[merged.length - 1];
    if (last && region.start - last.end < minGapFrames) last.end = region.end;
    else merged.push({ ...region });
  }
  return merged.filter((r) => r.end - r.start >= minRegionFrames);
}

const TIGHTEN_REACH = 15;
const TIGHTEN_BELOW_PEAK_DB = 26;

/**
 * The share of [from, to) seconds inside the voiced stretches (sorted, apart) of the vocal stem.
 */
export function voicedShare(
  stretches: readonly { start: number; end: number }[],
): (from: number, to: number) => number {
  // Voiced seconds before each stretch's start, for a binary search.
  const before = new Float64Array(stretches.length + 1);
  stretches.forEach((s, i) => (before[i + 1] = (before[i] ?? 0) + (s.end - s.start)));
  const upTo = (t: number) => {
    let lo = 0;
    let hi = stretches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((stretches[mid]?.start ?? Infinity) < t) lo = mid + 1;
      else hi = mid;
    }
    // Stretches 0..lo-1 start before t; the last of them may reach past t.
    const last = stretches[lo - 1];
    const full = before[lo] ?? 0;
    return last ? full - Math.max(0, last.end - t) : 0;
  };
  return (from, to) => (to > from ? (upTo(to) - upTo(from)) / (to - from) : 0);
}

/**
 * A word placed from an energy valley starts in the previous word's tail: move its start to where its
 * own energy rises to within TIGHTEN_BELOW_PEAK_DB of its first peak (and its end back the same way).
 */
export function tightenSpan(db: Float64Array, span: Region): Region {
  const peakNear = (from: number, to: number) =>
    Math.max(...db.subarray(Math.max(0, from), Math.max(from + 1, to)));
  const startLevel =
    peakNear(span.start, Math.min(span.end, span.start + TIGHTEN_REACH)) - TIGHTEN_BELOW_PEAK_DB;
  let start = span.start;
  while (start < span.end - 1 && (db[start] ?? 0) < startLevel) start++;
  const endLevel =
    peakNear(Math.max(start, span.end - TIGHTEN_REACH), span.end) - TIGHTEN_BELOW_PEAK_DB;
  let end = span.end;
  while (end > start + 1 && (db[end - 1] ?? 0) < endLevel) end--;
  return { start, end };
}

/** Per-frame voicing of a stem (see `voicingMeasure`). */
export interface Voicing {
  /** How likely each frame (FRAME_SECONDS apart, like `Envelope.db`) holds a voice: 0..1. */
  frames: Float32Array;
  /** The voice band's level in dB per frame (the energy part of the measure). */
  db: Float64Array;
  /** Periodicity per frame, 0..1: the peak of the normalised autocorrelation at a voice pitch. */
  harmonicity: Float32Array;
  /** Runs of voiced frames (measure over 0.5 starts one, under 0.3 ends it), end exclusive. */
  regions: Region[];
}

export interface VoicingOptions {
  /** Where between the quiet floor (0) and the loud level (1) the energy part crosses 0.5. */
  energyMidpoint?: number;
  /** Periodicity at which the pitch part crosses 0.5 (0 turns it off: energy alone). */
  harmonicityMidpoint?: number;
  /** Gaps shorter than this between voiced runs are closed, in seconds. */
  closeGapSeconds?: number;
  /** Voiced runs shorter than this are dropped, in seconds. */
  minRegionSeconds?: number;
}

const VOICE_LOW_HZ = 150;
const VOICE_HIGH_HZ = 4000;
/** Pitch range searched in the autocorrelation: 70 Hz (low male) to 1000 Hz (high soprano). */
const PITCH_LOW_HZ = 70;
const PITCH_HIGH_HZ = 1000;

const smoothstep = (x: number, mid: number, width: number): number => {
  const t = Math.min(1, Math.max(0, (x - (mid - width)) / (2 * width)));
  return t * t * (3 - 2 * t);
};

/**
 * Voicing from level and pitch: frames 10 ms apart, each a ~46 ms Hann window of the stem (mono),
 * one FFT per two frames (two real frames in one complex transform). Level: the power of the voice
 * band (150 Hz-4 kHz) in dB, placed between the stem's quiet floor (10th percentile) and loud level
 * (97th). Pitch: the band-limited power spectrum's inverse transform is the frame's autocorrelation
 * (two frames again per transform), normalised by lag 0 and by the window's own autocorrelation; its
 * highest peak between 1/1000 s and 1/70 s is near 1 for a sung vowel and low for drums, noise and
 * breath. The measure is the product of two smooth steps (level, periodicity), smoothed over 50 ms;
 * regions are its runs over 0.5 (ended under 0.3), gaps under `closeGapSeconds` closed.
 * Cost: two FFTs of 2048 points per two frames at 44.1 kHz (about a second of CPU for 5 minutes).
 */
export function voicingMeasure(vocals: PcmAudio, options: VoicingOptions = {}): Voicing {
  const energyMidpoint = options.energyMidpoint ?? 0.45;
  const harmonicityMidpoint = options.harmonicityMidpoint ?? 0.35;
  const closeGap = Math.round((options.closeGapSeconds ?? 0.12) / FRAME_SECONDS);
  const minRegion = Math.round((options.minRegionSeconds ?? 0.08) / FRAME_SECONDS);
  const { db, harmonicity } = levelAndPitch(vocals);
  const measure = measureOf(db, harmonicity, energyMidpoint, harmonicityMidpoint);
  return { frames: measure, db, harmonicity, regions: regionsOf(measure, closeGap, minRegion) };
}

/** What one frame pair's analysis needs (`voicingMeasure`), made once per stem. */
interface PitchScan {
  size: number;
  fft: Fft;
  window: Float64Array;
  /** The window's own autocorrelation, to undo the taper's fall-off with lag. */
  windowAcf: Float64Array;
  /** The voice band's bins, and the lags of the pitch range. */
  lowBin: number;
  highBin: number;
  minLag: number;
  maxLag: number;
  re: Float64Array;
  im: Float64Array;
  /** The two frames' voice-band power spectra. */
  pa: Float64Array;
  pb: Float64Array;
}

function pitchScan(rate: number): PitchScan {
  const size = nextPowerOfTwo(rate * 0.046);
  const half = size / 2;
  const window = hannWindow(size);
  const windowAcf = new Float64Array(size);
  for (let lag = 0; lag < size; lag++) {
    let s = 0;
    for (let i = 0; i + lag < size; i++) s += window[i]! * window[i + lag]!;
    windowAcf[lag] = s;
  }
  const binHz = rate / size;
  return {
    size,
    fft: new Fft(size),
    window,
    windowAcf,
    lowBin: Math.max(1, Math.floor(VOICE_LOW_HZ / binHz)),
    highBin: Math.min(half, Math.ceil(VOICE_HIGH_HZ / binHz)),
    minLag: Math.max(2, Math.floor(rate / PITCH_HIGH_HZ)),
    maxLag: Math.min(size / 2, Math.ceil(rate / PITCH_LOW_HZ)),
    re: new Float64Array(size),
    im: new Float64Array(size),
    pa: new Float64Array(half + 1),
    pb: new Float64Array(half + 1),
  };
}

/** The level (dB of the voice band) and periodicity of every frame, two frames per transform. */
function levelAndPitch(vocals: PcmAudio): { db: Float64Array; harmonicity: Float32Array } {
  const rate = vocals.sampleRate;
  const length = pcmLength(vocals);
  const frames = Math.max(1, Math.ceil(length / (rate * FRAME_SECONDS)));
  const db = new Float64Array(frames);
  const harmonicity = new Float32Array(frames);
  const scan = pitchScan(rate);
  const { size, window, re, im, windowAcf, minLag, maxLag } = scan;
  const half = size / 2;
  const channels = vocals.channels;
  const count = channels.length || 1;
  const sample = (t: number) => {
    if (t < 0 || t >= length) return 0;
    let x = 0;
    for (const channel of channels) x += channel[t]!;
    return x / count;
  };
  const centre = (f: number) => Math.round((f + 0.5) * rate * FRAME_SECONDS);
  for (let f = 0; f < frames; f += 2) {
    const a = centre(f) - half;
    const b = centre(f + 1) - half;
    const second = f + 1 < frames;
    for (let i = 0; i < size; i++) {
      re[i] = sample(a + i) * window[i]!;
      im[i] = second ? sample(b + i) * window[i]! : 0;
    }
    const [powerA, powerB] = autocorrelatePair(scan);
    const norm = 2 / size;
    db[f] = 10 * Math.log10((powerA * norm) / size + 1e-12);
    harmonicity[f] = peakRatio(re, windowAcf, minLag, maxLag);
    if (second) {
      db[f + 1] = 10 * Math.log10((powerB * norm) / size + 1e-12);
      harmonicity[f + 1] = peakRatio(im, windowAcf, minLag, maxLag);
    }
  }
  return { db, harmonicity };
}

/**
 * Two windowed frames in `re` and `im` become their voice-band autocorrelations (in `re` and `im`):
 * the transform, each frame's voice-band power spectrum split off, packed back (real, even) and
 * transformed back. Returns the two frames' voice-band powers.
 */
function autocorrelatePair(scan: PitchScan): [number, number] {
  const { size, fft, re, im, pa, pb, lowBin, highBin } = scan;
  fft.transform(re, im);
  let powerA = 0;
  let powerB = 0;
  for (let k = lowBin; k <= highBin; k++) {
    const n = (size - k) % size;
    const zr = re[k]!;
    const zi = im[k]!;
    const cr = re[n]!;
    const ci = -im[n]!;
    const ar = (zr + cr) / 2;
    const ai = (zi + ci) / 2;
    const br = (zi - ci) / 2;
    const bi = -(zr - cr) / 2;
    pa[k] = ar * ar + ai * ai;
    pb[k] = br * br + bi * bi;
    powerA += pa[k]!;
    powerB += pb[k]!;
  }
  re.fill(0);
  im.fill(0);
  for (let k = lowBin; k <= highBin; k++) {
    re[k] = pa[k]!;
    im[k] = pb[k]!;
    re[size - k] = pa[k]!;
    im[size - k] = pb[k]!;
  }
  fft.transform(re, im, true);
  return [powerA, powerB];
}

/**
 * The 0..1 measure per frame: a smooth step of the level between the stem's quiet floor (10th
 * percentile) and loud level (97th) times one of the periodicity (none when its midpoint is 0),
 * averaged over 5 frames (50 ms).
 */
function measureOf(
  db: Float64Array,
  harmonicity: Float32Array,
  energyMidpoint: number,
  harmonicityMidpoint: number,
): Float32Array {
  const frames = db.length;
  const floor = percentile(db, 10);
  const loud = percentile(db, 97);
  const span = Math.max(loud - floor, 1e-6);
  const raw = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const level = smoothstep((db[f]! - floor) / span, energyMidpoint, 0.15);
    const pitch =
      harmonicityMidpoint > 0 ? smoothstep(harmonicity[f]!, harmonicityMidpoint, 0.15) : 1;
    raw[f] = level * pitch;
  }
  const measure = new Float32Array(frames);
  const reach = 2;
  for (let f = 0; f < frames; f++) {
    let s = 0;
    let n = 0;
    for (let g = Math.max(0, f - reach); g <= Math.min(frames - 1, f + reach); g++) {
      s += raw[g]!;
      n++;
    }
    measure[f] = s / n;
  }
  return measure;
}

function peakRatio(acf: Float64Array, windowAcf: Float64Array, minLag: number, maxLag: number) {
  const zero = acf[0]!;
  if (!(zero > 1e-15)) return 0;
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const v = acf[lag]!;
    if (v > acf[lag - 1]! && v >= acf[lag + 1]!) {
      const r = v / zero / (windowAcf[lag]! / windowAcf[0]!);
      if (r > best) best = r;
    }
  }
  return Math.min(1, best);
}

/** Runs of a 0..1 measure over 0.5, ended under 0.3; short gaps closed, short runs dropped. */
export function regionsOf(measure: Float32Array, closeGapFrames: number, minFrames: number) {
  const raw: Region[] = [];
  let start = -1;
  measure.forEach((v, f) => {
    if (start < 0 && v >= 0.5) start = f;
    else if (start >= 0 && v < 0.3) {
      raw.push({ start, end: f });
      start = -1;
    }
  });
  if (start >= 0) raw.push({ start, end: measure.length });
  const merged: Region[] = [];
  for (const region of raw) {
    const last = merged[merged.length - 1];
    if (last && region.start - last.end <= closeGapFrames) last.end = region.end;
    else merged.push({ ...region });
  }
  return merged.filter((r) => r.end - r.start >= minFrames);
}

/**
 * The gate for placing lyrics: stretches of at least `minSeconds` without a voiced region (of
 * `voicingMeasure` or `voicedRegions`), in seconds (start, end), up to the end of `frameCount` frames. A line's words
 * should not be placed inside one; the edges are pulled in by `marginSeconds` so a word's soft onset
 * or tail at a region's edge stays outside the closed part.
 */
export function unvoicedStretches(
  regions: readonly Region[],
  frameCount: number,
  minSeconds = 2,
  marginSeconds = 0.2,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  const push = (to: number) => {
    const start = from === 0 ? 0 : from * FRAME_SECONDS + marginSeconds;
    const end = to >= frameCount ? to * FRAME_SECONDS : to * FRAME_SECONDS - marginSeconds;
    if (end - start >= minSeconds) out.push({ start, end });
  };
  for (const r of regions) {
    push(r.start);
    from = r.end;
  }
  push(frameCount);
  return out;
}
