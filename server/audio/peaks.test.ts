import { describe, expect, it } from 'vitest';
import { computePeaks } from './peaks';

describe('computePeaks', () => {
  it('gives the largest absolute sample of each bucket, per channel', () => {
    const left = Float32Array.from([0.1, -0.5, 0.2, 0.3, 0, 0, -0.9, 0.4, 0.25, 0.05]);
    const right = Float32Array.from([0, 0, 0, 0, 0, 2, 0, 0, 0, -0.125]);
    // 10 samples at 4 Hz, 2 peaks per second: buckets of 2 samples.
    const peaks = computePeaks({ sampleRate: 4, channels: [left, right] }, 2);
    expect(peaks).toEqual([
      [0.5, 0.3, 0, 0.9, 0.25],
      [0, 0, 1, 0, 0.125],
    ]);
  });

  it('keeps a short last bucket and handles fractional bucket sizes', () => {
    const samples = Float32Array.from({ length: 10 }, (_, i) => i / 10);
    const [peaks] = computePeaks({ sampleRate: 3, channels: [samples] }, 1);
    // 10 samples at 3 Hz = 3.33 s: buckets [0,3) [3,6) [6,9) [9,10).
    expect(peaks).toEqual([0.2, 0.5, 0.8, 0.9]);
  });

  it('refuses a rate that is not positive', () => {
    const audio = { sampleRate: 8000, channels: [new Float32Array(8)] };
    expect(() => computePeaks(audio, 0)).toThrow(RangeError);
    expect(() => computePeaks(audio, Number.NaN)).toThrow(RangeError);
    expect(computePeaks({ sampleRate: 8000, channels: [new Float32Array(0)] }, 10)).toEqual([[]]);
  });
});
