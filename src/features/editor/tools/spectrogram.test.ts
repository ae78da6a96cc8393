import { describe, expect, it } from 'vitest';
import { bandEdges, columnsAt, computeSpectrogram } from '../audio/spectrogram-compute';
import { COLOR_MAP, paintSlice, spectrogramSlice } from './spectrogram-render';

const RATE = 11025;
const tone = (hz: number, seconds: number, amp = 0.5) =>
  Float32Array.from(
    { length: Math.round(RATE * seconds) },
    (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / RATE),
  );

describe('spectrogram', () => {
  it('puts a tone in its band, near 0 dBFS, and silence at the floor', () => {
    const mono = new Float32Array(RATE * 2);
    mono.set(tone(1000, 1), RATE); // silence for 1 s, then 1 kHz for 1 s
    const s = computeSpectrogram(mono, RATE);
    expect(s.hopSeconds).toBeCloseTo(0.02, 3);
    expect(columnsAt(s, 0)).toBe(Math.ceil(mono.length / 221));
    const column = (t: number) =>
      Array.from(
        s.levels[0]!.subarray(
          Math.round(t / s.hopSeconds) * s.bins,
          (Math.round(t / s.hopSeconds) + 1) * s.bins,
        ),
      );
    expect(Math.max(...column(0.5))).toBe(0);
    const loud = column(1.5);
    const peak = loud.indexOf(Math.max(...loud));
    const edges = bandEdges(s.bins, s.minHz, s.maxHz, 512, RATE);
    const hzPerBin = RATE / 512;
    expect(edges[peak]! * hzPerBin).toBeLessThanOrEqual(1000 + hzPerBin);
    expect(edges[peak + 1]! * hzPerBin).toBeGreaterThanOrEqual(1000 - hzPerBin);
    expect(Math.max(...loud)).toBeGreaterThan(200); // -6 dBFS of a 0.5 sine: ~236
  });

  it('has a pyramid of levels, each the max of pairs', () => {
    const s = computeSpectrogram(tone(440, 3), RATE);
    expect(s.levels.length).toBe(Math.ceil(Math.log2(columnsAt(s, 0))) + 1);
    const l0 = s.levels[0]!;
    const l1 = s.levels[1]!;
    for (let b = 0; b < s.bins; b++)
      expect(l1[5 * s.bins + b]).toBe(Math.max(l0[10 * s.bins + b]!, l0[11 * s.bins + b]!));
    expect(columnsAt(s, s.levels.length - 1)).toBe(1);
  });

  it('reads about one column per pixel at any zoom, only in view', () => {
    const s = computeSpectrogram(new Float32Array(RATE * 60), RATE); // 3,000 columns
    const zoomedIn = spectrogramSlice(s, { startTime: 10, pxPerSecond: 200, width: 1000 });
    expect(zoomedIn?.level).toBe(0);
    expect(zoomedIn!.to - zoomedIn!.from).toBeLessThanOrEqual(252);
    expect(zoomedIn!.x0).toBeLessThanOrEqual(0);
    expect(zoomedIn!.x1).toBeGreaterThanOrEqual(1000);
    const whole = spectrogramSlice(s, { startTime: 0, pxPerSecond: 1000 / 60, width: 1000 });
    expect(whole!.to - whole!.from).toBeLessThanOrEqual(2000); // 1 to 2 columns a pixel
    expect(whole!.to - whole!.from).toBeGreaterThanOrEqual(1000);
    expect(spectrogramSlice(s, { startTime: 100, pxPerSecond: 50, width: 500 })).toBeNull();
  });

  it('paints the highest band on top through the colour map', () => {
    const s = {
      hopSeconds: 0.02,
      bins: 2,
      minHz: 80,
      maxHz: 5000,
      levels: [Uint8Array.from([0, 255, 255, 0])],
    };
    const px = new Uint32Array(4);
    paintSlice(s, { level: 0, from: 0, to: 2, x0: 0, x1: 10 }, px);
    expect([...px]).toEqual([COLOR_MAP[255], COLOR_MAP[0], COLOR_MAP[0], COLOR_MAP[255]]);
  });
});
