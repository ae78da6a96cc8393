import { describe, expect, it } from 'vitest';
import { Fft, nextPowerOfTwo } from './fft';

describe('Fft', () => {
  it('matches a direct DFT and inverts back', () => {
    const n = 64;
    const input = Array.from(
      { length: n },
      (_, i) => Math.sin(i * 0.37) + 0.3 * Math.cos(i * 1.9) + (i % 5) * 0.1,
    );
    const re = Float64Array.from(input);
    const im = new Float64Array(n);
    new Fft(n).transform(re, im);
    for (const k of [0, 1, 5, 31, 32, 63]) {
      let dr = 0;
      let di = 0;
      input.forEach((x, t) => {
        dr += x * Math.cos((2 * Math.PI * k * t) / n);
        di -= x * Math.sin((2 * Math.PI * k * t) / n);
      });
      expect(re[k]).toBeCloseTo(dr, 9);
      expect(im[k]).toBeCloseTo(di, 9);
    }
    new Fft(n).transform(re, im, true);
    input.forEach((x, t) => {
      expect(re[t]).toBeCloseTo(x, 9);
      expect(im[t]).toBeCloseTo(0, 9);
    });
  });

  it('refuses sizes that are not powers of two', () => {
    expect(() => new Fft(48)).toThrow(RangeError);
    expect(nextPowerOfTwo(1000)).toBe(1024);
    expect(nextPowerOfTwo(1024)).toBe(1024);
  });
});
