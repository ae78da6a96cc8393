import { describe, expect, it } from 'vitest';
import { autoScrollStep, DEFAULT_AUTO_SCROLL } from './auto-scroll';

const W = 1000;
const FRAME = 1 / 60;

describe('autoScrollStep', () => {
  it('does nothing away from the edges', () => {
    for (const x of [30, 31, 500, 969, 970]) expect(autoScrollStep(x, W, FRAME)).toBe(0);
  });

  it('scrolls towards the edge the pointer is near: left negative, right positive', () => {
    expect(autoScrollStep(10, W, FRAME)).toBeLessThan(0);
    expect(autoScrollStep(990, W, FRAME)).toBeGreaterThan(0);
    // symmetric
    expect(autoScrollStep(10, W, FRAME)).toBeCloseTo(-autoScrollStep(990, W, FRAME));
  });

  it('speeds up as the pointer nears and passes the edge, up to the maximum', () => {
    const xs = [985, 995, 1000, 1030, 1060, 1100];
    const steps = xs.map((x) => autoScrollStep(x, W, FRAME));
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]!);
    expect(autoScrollStep(1000, W, 1)).toBeCloseTo(
      DEFAULT_AUTO_SCROLL.edgeSpeed * DEFAULT_AUTO_SCROLL.maxDtSeconds,
    );
    const far = autoScrollStep(5000, W, FRAME);
    expect(far).toBeCloseTo(DEFAULT_AUTO_SCROLL.maxSpeed * FRAME);
    expect(autoScrollStep(-5000, W, FRAME)).toBeCloseTo(-far);
  });

  it('is proportional to the frame time, with long frames capped', () => {
    expect(autoScrollStep(995, W, 2 * FRAME)).toBeCloseTo(2 * autoScrollStep(995, W, FRAME));
    expect(autoScrollStep(995, W, 10)).toBe(autoScrollStep(995, W, 0.05));
    expect(autoScrollStep(995, W, 0)).toBe(0);
  });

  it('keeps a middle on a narrow canvas and ignores nonsense', () => {
    expect(autoScrollStep(50, 100, FRAME)).toBe(0);
    expect(autoScrollStep(20, 100, FRAME)).toBeLessThan(0);
    expect(autoScrollStep(NaN, W, FRAME)).toBe(0);
    expect(autoScrollStep(10, 0, FRAME)).toBe(0);
  });
});
