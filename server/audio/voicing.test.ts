import { describe, expect, it } from 'vitest';
import {
  energyEnvelope,
  FRAME_SECONDS,
  regionsOf,
  unvoicedStretches,
  voicedRegions,
  voicingMeasure,
} from './voicing';

const rate = 16000;

/** A sung-like vowel: 8 harmonics of a pitch with 5 Hz vibrato, for `seconds`. */
function vowel(seconds: number, hz = 220, amplitude = 0.3): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const f = hz * (1 + 0.02 * Math.sin((2 * Math.PI * 5 * i) / rate));
    phase += (2 * Math.PI * f) / rate;
    let x = 0;
    for (let h = 1; h <= 8; h++) x += Math.sin(h * phase) / h;
    out[i] = amplitude * 0.5 * x;
  }
  return out;
}

/** Deterministic white noise (a linear congruential generator). */
function noise(seconds: number, amplitude = 0.3): Float32Array {
  let seed = 12345;
  return Float32Array.from({ length: Math.round(rate * seconds) }, () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return amplitude * (seed / 2 ** 32 - 0.5) * 2;
  });
}

const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const silence = (seconds: number) => new Float32Array(Math.round(rate * seconds));
const meanOf = (a: Float32Array, from: number, to: number) =>
  a.subarray(from, to).reduce((s, x) => s + x, 0) / (to - from);
const frame = (s: number) => Math.round(s / FRAME_SECONDS);

describe('voicingMeasure', () => {
  // 0-1 s silence, 1-2 s vowel, 2-3 s silence, 3-4 s noise as loud as the vowel, 4-5 s silence.
  const signal = concat(silence(1), vowel(1), silence(1), noise(1), silence(1));
  const v = voicingMeasure({ sampleRate: rate, channels: [signal, signal] });

  it('has one value per 10 ms frame, like the energy envelope', () => {
    const env = energyEnvelope({ sampleRate: rate, channels: [signal] });
    expect(v.frames.length).toBe(env.db.length);
    expect(v.db.length).toBe(v.frames.length);
    expect(Math.min(...v.frames)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...v.frames)).toBeLessThanOrEqual(1);
  });

  it('is high on a sung vowel, low on silence and on noise as loud', () => {
    expect(meanOf(v.frames, frame(1.1), frame(1.9))).toBeGreaterThan(0.8);
    expect(meanOf(v.frames, frame(0.1), frame(0.9))).toBeLessThan(0.05);
    expect(meanOf(v.frames, frame(3.1), frame(3.9))).toBeLessThan(0.2);
    expect(meanOf(v.harmonicity, frame(1.1), frame(1.9))).toBeGreaterThan(0.7);
    expect(meanOf(v.harmonicity, frame(3.1), frame(3.9))).toBeLessThan(0.35);
  });

  it('finds the vowel as the one voiced region, where energy alone also takes the noise', () => {
    expect(v.regions).toHaveLength(1);
    const [region] = v.regions;
    expect(Math.abs((region?.start ?? 0) - frame(1))).toBeLessThanOrEqual(5);
    expect(Math.abs((region?.end ?? 0) - frame(2))).toBeLessThanOrEqual(5);
    const byEnergy = voicedRegions(energyEnvelope({ sampleRate: rate, channels: [signal] }));
    expect(byEnergy.some((r) => r.start >= frame(2.9) && r.start <= frame(3.1))).toBe(true);
  });

  it('is energy alone when the pitch part is off', () => {
    const loose = voicingMeasure(
      { sampleRate: rate, channels: [signal] },
      { harmonicityMidpoint: 0 },
    );
    expect(meanOf(loose.frames, frame(3.1), frame(3.9))).toBeGreaterThan(0.8);
  });

  it('copes with silence and with an empty stem', () => {
    expect(voicingMeasure({ sampleRate: rate, channels: [silence(1)] }).regions).toEqual([]);
    const empty = voicingMeasure({ sampleRate: rate, channels: [] });
    expect(empty.frames.length).toBe(1);
    expect(empty.regions).toEqual([]);
  });
});

describe('regionsOf', () => {
  it('starts a run over 0.5, ends it under 0.3, closes short gaps, drops short runs', () => {
    const m = Float32Array.from([0, 0.6, 0.4, 0.7, 0.1, 0.2, 0.9, 0.9, 0, 0, 0, 0.6, 0]);
    expect(regionsOf(m, 0, 1)).toEqual([
      { start: 1, end: 4 },
      { start: 6, end: 8 },
      { start: 11, end: 12 },
    ]);
    expect(regionsOf(m, 2, 1)).toEqual([
      { start: 1, end: 8 },
      { start: 11, end: 12 },
    ]);
    expect(regionsOf(m, 0, 2)).toEqual([
      { start: 1, end: 4 },
      { start: 6, end: 8 },
    ]);
  });
});

describe('unvoicedStretches', () => {
  it('gives the long stretches without voice, edges pulled in, the song start and end included', () => {
    const regions = [
      { start: 300, end: 500 },
      { start: 600, end: 700 },
      { start: 1000, end: 1200 },
    ];
    // 0-3 s before the first region, 7-10 s between, 12-15 s after the last (1500 frames).
    const stretches = unvoicedStretches(regions, 1500);
    expect(stretches).toHaveLength(3);
    const expected = [
      [0, 2.8],
      [7.2, 9.8],
      [12.2, 15],
    ];
    stretches.forEach((s, k) => {
      expect(s.start).toBeCloseTo(expected[k]?.[0] ?? NaN, 9);
      expect(s.end).toBeCloseTo(expected[k]?.[1] ?? NaN, 9);
    });
    // The 1 s gap (5-6 s) is too short for a stretch; with a 0.5 s minimum it counts.
    expect(unvoicedStretches(regions, 1500, 0.5)).toHaveLength(4);
    expect(unvoicedStretches([], 1000)).toEqual([{ start: 0, end: 10 }]);
    expect(unvoicedStretches([{ start: 0, end: 1000 }], 1000)).toEqual([]);
  });
});
