import { describe, expect, it } from 'vitest';
import { detectOnsetList, detectOnsets, mixToMono, onsetSteps, rankShares } from './onset-detect';

/** Deterministic noise in -1..1 (a tiny LCG): the tests must not depend on Math.random. */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** A sung note: two harmonics, a `attack` s fade-in, a slow decay and a 20 ms release. */
function addNote(
  out: Float32Array,
  rate: number,
  start: number,
  length: number,
  hz: number,
  attack = 0.005,
) {
  for (let i = Math.round(start * rate); i < Math.round((start + length) * rate); i++) {
    const t = i / rate - start;
    const envelope = Math.min(1, t / attack, (length - t) / 0.02) * Math.exp(-t * 3);
    out[i] =
      (out[i] ?? 0) +
      0.4 * envelope * (Math.sin(2 * Math.PI * hz * t) + 0.5 * Math.sin(4 * Math.PI * hz * t));
  }
}

/** A click: 2 ms of decaying noise. */
function addClick(out: Float32Array, rate: number, at: number, amplitude = 0.8) {
  const next = noise(Math.round(at * 1000));
  const from = Math.round(at * rate);
  for (let i = 0; i < Math.round(0.002 * rate); i++) {
    out[from + i] = (out[from + i] ?? 0) + amplitude * next() * Math.exp(-i / (0.0005 * rate));
  }
}

const expectNear = (found: readonly number[], expected: readonly number[], within: number) => {
  expect(found).toHaveLength(expected.length);
  found.forEach((t, i) => expect(Math.abs(t - (expected[i] ?? NaN))).toBeLessThanOrEqual(within));
};

describe('detectOnsets', () => {
  it.each([11025, 16000, 44100])('finds clicks at known times within 10 ms (%i Hz)', (rate) => {
    const times = [0.25, 0.6, 1.013, 1.5, 2.237];
    const out = new Float32Array(3 * rate);
    for (const t of times) addClick(out, rate, t);
    expectNear(detectOnsets(out, rate), times, 0.01);
  });

  it('finds the starts of tone bursts (notes of a melody) within 10 ms', () => {
    const rate = 11025;
    const starts = [0.4, 0.9, 1.23, 1.8, 2.55, 3.1];
    const out = new Float32Array(4 * rate);
    starts.forEach((start, n) => addNote(out, rate, start, 0.3, 180 + 35 * n));
    expectNear(detectOnsets(out, rate), starts, 0.01);
  });

  it('finds soft attacks (40 ms fade-in) near their start, early rather than late', () => {
    const rate = 16000;
    const starts = [0.5, 1.3, 2.2];
    const out = new Float32Array(3 * rate);
    starts.forEach((start, n) => addNote(out, rate, start, 0.5, 200 + 60 * n, 0.04));
    expectNear(detectOnsets(out, rate), starts, 0.01);
  });

  it('finds notes over a quiet noise floor and ignores the floor itself', () => {
    const rate = 11025;
    const starts = [0.5, 1.2, 2.05];
    const out = new Float32Array(3 * rate);
    const next = noise(7);
    for (let i = 0; i < out.length; i++) out[i] = 0.003 * next(); // about -55 dBFS
    starts.forEach((start, n) => addNote(out, rate, start, 0.4, 220 + 50 * n));
    expectNear(detectOnsets(out, rate), starts, 0.01);
  });

  it('finds nothing in silence, in a steady noise floor, or in audio shorter than a window', () => {
    const rate = 11025;
    expect(detectOnsets(new Float32Array(5 * rate), rate)).toEqual([]);
    const floor = new Float32Array(3 * rate);
    const next = noise(3);
    for (let i = 0; i < floor.length; i++) floor[i] = 0.0005 * next(); // about -70 dBFS
    expect(detectOnsets(floor, rate)).toEqual([]);
    expect(detectOnsets(new Float32Array(100), rate)).toEqual([]);
  });

  it('reports one onset for one sustained note (no onsets in its steady part or at its end)', () => {
    const rate = 11025;
    const out = new Float32Array(3 * rate);
    addNote(out, rate, 0.7, 1.6, 200);
    expectNear(detectOnsets(out, rate), [0.7], 0.01);
  });

  it('keeps onsets at least the minimum gap apart (the earlier one wins)', () => {
    const rate = 11025;
    const out = new Float32Array(2 * rate);
    addClick(out, rate, 0.5);
    addClick(out, rate, 0.56);
    addClick(out, rate, 0.9);
    expectNear(detectOnsets(out, rate), [0.5, 0.56, 0.9], 0.01);
    // A gap of 80 ms: the click 60 ms after the first is dropped.
    expectNear(detectOnsets(out, rate, { minGapSeconds: 0.08 }), [0.5, 0.9], 0.01);
  });

  it('returns sorted times; stepping gives the same result and reports progress', () => {
    const rate = 11025;
    const out = new Float32Array(20 * rate);
    for (let t = 0.3; t < 19.5; t += 0.37) addClick(out, rate, t);
    const whole = detectOnsets(out, rate);
    expect(whole.length).toBeGreaterThan(40);
    expect([...whole].sort((a, b) => a - b)).toEqual(whole);

    const steps = onsetSteps(out, rate, { framesPerStep: 100 });
    const progress: number[] = [];
    let step = steps.next();
    while (!step.done) {
      progress.push(step.value);
      step = steps.next();
    }
    expect(step.value.times).toEqual(whole);
    expect(step.value.strengths).toHaveLength(whole.length);
    expect(progress.length).toBeGreaterThan(10);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress.every((p) => p > 0 && p < 1)).toBe(true);
  });
});

describe('onset strengths', () => {
  it('ranks louder onsets above softer ones, as shares of the song (the strongest is 1)', () => {
    const rate = 11025;
    const out = new Float32Array(4 * rate);
    const amplitudes = [0.8, 0.05, 0.3, 0.15];
    amplitudes.forEach((a, i) => addNote(out, rate, 0.5 + i * 0.8, 0.5, 220, 0.002 / a));
    amplitudes.forEach((a, i) => {
      const from = Math.round((0.5 + i * 0.8) * rate);
      for (let j = from; j < from + 0.5 * rate; j++) out[j] = (out[j] ?? 0) * a;
    });
    const { times, strengths } = detectOnsetList(out, rate);
    expect(times).toHaveLength(4);
    expect(strengths).toEqual([1, 0.25, 0.75, 0.5]);
  });

  it('rankShares: the largest value gets 1, ties share the higher rank', () => {
    expect(rankShares([3, 1, 2])).toEqual([1, 1 / 3, 2 / 3]);
    expect(rankShares([2, 2, 1, 5])).toEqual([0.75, 0.75, 0.25, 1]);
    expect(rankShares([])).toEqual([]);
  });
});

describe('mixToMono', () => {
  it('averages the channels into a copy', () => {
    const left = Float32Array.from([1, 0.5, 0]);
    const right = Float32Array.from([0, 0.5, -1]);
    expect([...mixToMono([left, right])]).toEqual([0.5, 0.5, -0.5]);
    const mono = mixToMono([left]);
    expect([...mono]).toEqual([1, 0.5, 0]);
    expect(mono).not.toBe(left);
    expect(mixToMono([])).toHaveLength(0);
  });
});
