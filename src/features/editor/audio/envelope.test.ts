import { describe, expect, it } from 'vitest';
import { blockSize, computeEnvelope, envelopeSteps } from './envelope';

describe('waveform envelope', () => {
  it('keeps the largest |sample| of each block, clamped to 1, and the duration', () => {
    const mono = Float32Array.from([0.1, -0.5, 0.2, 0, 0, 0, 0, 0.3, -2, 0.1]);
    const { peaks, duration } = computeEnvelope(mono, 10);
    expect(blockSize(mono.length)).toBe(4);
    expect(Array.from(peaks).map((p) => Math.round(p * 100) / 100)).toEqual([0.5, 0.3, 1]);
    expect(duration).toBe(1);
  });

  it('stays under 4 million peaks for an hour at 11,025 Hz', () => {
    const length = 3600 * 11025;
    expect(Math.ceil(length / blockSize(length))).toBeLessThanOrEqual(4_000_000);
    expect(blockSize(240 * 11025)).toBe(4);
  });

  it('gives the same peaks in steps as at once', () => {
    const mono = Float32Array.from(
      { length: 1000 },
      (_, i) => Math.sin(i * 0.37) * (i % 97) * 0.01,
    );
    const steps = envelopeSteps(mono, 100, 7);
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    expect(yields).toBe(Math.ceil(250 / 7) - 1);
    expect(Array.from(step.value.peaks)).toEqual(Array.from(computeEnvelope(mono, 100).peaks));
  });
});
