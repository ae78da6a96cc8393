import { describe, expect, it } from 'vitest';
import { detectOnsets } from './onsets';

const rate = 16000;

describe('detectOnsets', () => {
  it('finds each note start of a synthetic vocal and nothing in silence', () => {
    const starts = [0.5, 1.1, 1.45, 2.3];
    const out = new Float32Array(3 * rate);
    starts.forEach((start, n) => {
      const hz = 180 + 40 * n;
      for (let i = Math.round(start * rate); i < Math.round((start + 0.25) * rate); i++) {
        const t = i / rate - start;
        const envelope = Math.min(1, t / 0.005, (0.25 - t) / 0.02) * Math.exp(-t * 4);
        out[i] =
          0.4 * envelope * (Math.sin(2 * Math.PI * hz * t) + 0.5 * Math.sin(4 * Math.PI * hz * t));
      }
    });
    const onsets = detectOnsets({ sampleRate: rate, channels: [out] });
    expect(onsets).toHaveLength(starts.length);
    onsets.forEach((onset, i) => expect(Math.abs(onset - (starts[i] ?? NaN))).toBeLessThan(0.03));
  });

  it('returns nothing for silence or audio shorter than a frame', () => {
    expect(detectOnsets({ sampleRate: rate, channels: [new Float32Array(rate)] })).toEqual([]);
    expect(detectOnsets({ sampleRate: rate, channels: [new Float32Array(10)] })).toEqual([]);
  });
});
