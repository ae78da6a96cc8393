import type { PcmAudio } from './pcm';
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
