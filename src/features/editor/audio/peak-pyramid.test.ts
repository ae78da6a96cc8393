import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPyramid,
  drawWaveform,
  rgbaWord,
  peakBetween,
  pyramidSteps,
  waveformColumns,
} from './peak-pyramid';

const brute = (base: Uint8Array, from: number, to: number) => {
  const lo = Math.max(0, Math.floor(from));
  const hi = Math.min(base.length, Math.ceil(to));
  if (hi <= lo) return base[Math.min(base.length - 1, lo)] ?? 0;
  let max = 0;
  for (let i = lo; i < hi; i++) max = Math.max(max, base[i] ?? 0);
  return max;
};

describe('peak pyramid', () => {
  it('normalises to the loudest peak and halves by the larger of two', () => {
    const p = buildPyramid([0.1, -0.5, 0.25, 0, 0.5], 5);
    expect(p.blockSeconds).toBe(1);
    expect([...p.levels[0]!]).toEqual([51, 255, 128, 0, 255]);
    expect([...p.levels[1]!]).toEqual([255, 128, 255]);
    expect([...p.levels[2]!]).toEqual([255, 255]);
    expect([...p.levels.at(-1)!]).toEqual([255]);
  });

  it('builds the same in steps as at once', () => {
    const peaks = Float32Array.from({ length: 1000 }, (_, i) => Math.abs(Math.sin(i)));
    const steps = pyramidSteps(peaks, 10, 64);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(yields).toBeGreaterThan(10);
    expect(step.value.levels.map((l) => [...l])).toEqual(
      buildPyramid(peaks, 10).levels.map((l) => [...l]),
    );
  });

  it('reads the largest peak of any range from the coarse levels (equal to reading every block)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.float({ min: -10, max: 310, noNaN: true }),
        fc.float({ min: 0, max: 200, noNaN: true }),
        (peaks, from, span) => {
          const p = buildPyramid(peaks, peaks.length);
          expect(peakBetween(p, from, from + span)).toBe(brute(p.levels[0]!, from, from + span));
        },
      ),
    );
  });

  it('gives each device-pixel column the largest peak of its time', () => {
    const peaks = Float32Array.from({ length: 4000 }, (_, i) => ((i * 7919) % 1000) / 1000);
    const p = buildPyramid(peaks, 40); // 100 blocks a second
    const out = waveformColumns(p, { startTime: 2, pxPerSecond: 10 }, 2, new Uint8Array(300));
    for (let c = 0; c < 300; c++) {
      // the same arithmetic as the columns' (blocks are 0.01 s: not exact in binary)
      const from = (2 + c * (1 / 20)) / p.blockSeconds;
      const to = from + 1 / 20 / p.blockSeconds;
      expect(out[c]).toBe(from >= 4000 ? 0 : brute(p.levels[0]!, from, to));
    }
    // past the end: nothing; before the start: nothing
    const before = waveformColumns(p, { startTime: -10, pxPerSecond: 1 }, 1, new Uint8Array(5));
    expect([...before]).toEqual([0, 0, 0, 0, 0]);
  });

  it('draws one mirrored bar per column with sound', () => {
    const p = buildPyramid([1, 0, 0.5, 0], 4);
    const rects: number[][] = [];
    const ctx = {
      fillStyle: '',
      setTransform: () => {},
      clearRect: () => {},
      fillRect: (...r: number[]) => rects.push(r),
    };
    const n = drawWaveform(
      ctx,
      p,
      { startTime: 0, pxPerSecond: 1 },
      { width: 4, height: 40, devicePixelRatio: 1 },
      '#fff',
      { columns: new Uint8Array(0) },
    );
    expect(n).toBe(2);
    expect(rects).toEqual([
      [0, 0, 1, 40],
      [2, 10, 1, 20],
    ]);
    expect(ctx.fillStyle).toBe('#fff');
  });

  it('reads hex colours as ImageData words and nothing else', () => {
    expect(rgbaWord('#4f8fc9')).toBe(0xffc98f4f);
    expect(rgbaWord('#fff')).toBe(0xffffffff);
    expect(rgbaWord('#01020380')).toBe(0x80030201);
    expect(rgbaWord('steelblue')).toBeNull();
    expect(rgbaWord('rgb(1, 2, 3)')).toBeNull();
  });

  it('blits the same bars as its rects, where the context can take pixels', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: -5, max: 50, noNaN: true }),
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        fc.constantFrom(1, 2),
        (peaks, width, height, startTime, pxPerSecond, devicePixelRatio) => {
          const p = buildPyramid(peaks, 50);
          const size = { width, height, devicePixelRatio };
          const view = { startTime, pxPerSecond };
          const w = Math.round(width * devicePixelRatio);
          const h = Math.round(height * devicePixelRatio);
          // the rects, painted by hand into a picture of the canvas
          const expected = new Uint32Array(w * h);
          const rects = {
            fillStyle: '',
            setTransform: () => {},
            clearRect: () => expected.fill(0),
            fillRect: (x: number, y: number, rw: number, rh: number) => {
              for (let yy = Math.max(0, y); yy < Math.min(h, y + rh); yy++)
                for (let xx = x; xx < x + rw; xx++) expected[yy * w + xx] = 0xffc98f4f;
            },
          };
          const n = drawWaveform(rects, p, view, size, '#4f8fc9', { columns: new Uint8Array(0) });
          let put: ImageData | null = null;
          const blit = {
            ...rects,
            fillRect: () => {
              throw new Error('no rects when blitting');
            },
            createImageData: (iw: number, ih: number) =>
              ({ width: iw, height: ih, data: new Uint8ClampedArray(iw * ih * 4) }) as ImageData,
            putImageData: (image: ImageData) => {
              put = image;
            },
          };
          const scratch = { columns: new Uint8Array(0) };
          expect(drawWaveform(blit, p, view, size, '#4f8fc9', scratch)).toBe(n);
          // drawn twice into the reused picture: the first frame's bars do not stay
          drawWaveform(
            blit,
            p,
            { startTime: startTime + 1, pxPerSecond },
            size,
            '#4f8fc9',
            scratch,
          );
          drawWaveform(blit, p, view, size, '#4f8fc9', scratch);
          expect(put).not.toBeNull();
          expect([...new Uint32Array(put!.data.buffer)]).toEqual([...expected]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
