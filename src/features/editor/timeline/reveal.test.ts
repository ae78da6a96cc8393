import { describe, expect, it } from 'vitest';
import { overlapsView, revealRange } from './reveal';
import type { TimelineView } from './types';
import { DEFAULT_ZOOM_LIMITS } from './viewport';

// 10 s..20 s on screen.
const view: TimelineView = {
  startTime: 10,
  pxPerSecond: 100,
  width: 1000,
  height: 200,
  devicePixelRatio: 1,
};
const limits = { ...DEFAULT_ZOOM_LIMITS, duration: 100 };

describe('revealRange', () => {
  it('leaves the view alone when the range is whole on screen', () => {
    expect(revealRange(view, 12, 13, limits)).toBe(view);
    expect(revealRange(view, 10, 20, limits)).toBe(view);
  });

  it('pages forward to a range on or past the right edge: its start a tenth in', () => {
    expect(revealRange(view, 19.5, 20.5, limits).startTime).toBeCloseTo(18.5);
    expect(revealRange(view, 42, 43, limits).startTime).toBeCloseTo(41);
  });

  it('pages back to a range on or past the left edge: its end a tenth in from the right', () => {
    expect(revealRange(view, 9.5, 10.5, limits).startTime).toBeCloseTo(1.5);
    expect(revealRange(view, 3, 3.4, limits).startTime).toBe(0); // clamped at the song's start
  });

  it('shows the start of a range longer than the view, and never zooms', () => {
    const out = revealRange(view, 30, 50, limits);
    expect(out.startTime).toBeCloseTo(29);
    expect(out.pxPerSecond).toBe(view.pxPerSecond);
  });

  it('overlapsView: any part on screen', () => {
    expect(overlapsView(view, 9, 10.1)).toBe(true);
    expect(overlapsView(view, 19.9, 25)).toBe(true);
    expect(overlapsView(view, 5, 9.9)).toBe(false);
    expect(overlapsView(view, 20.1, 21)).toBe(false);
  });
});
