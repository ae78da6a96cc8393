import { describe, expect, it } from 'vitest';
import { scrollTarget, waveformTransform, waveformXOf } from './waveform-align';

describe('waveform alignment', () => {
  it('puts time t where the timeline does, after a whole-pixel scroll', () => {
    const view = { startTime: 12.3456, pxPerSecond: 100 };
    const scroll = scrollTarget(view); // 1235 px: 0.44 px off
    expect(scroll).toBe(1235);
    expect(waveformTransform(view, 100, scroll)).toBe('translateX(0.44px)');
    expect(waveformXOf(13, view, 100, scroll)).toBeCloseTo((13 - 12.3456) * 100, 9);
  });

  it('shifts right when the view starts before 0 (wavesurfer cannot scroll there)', () => {
    const view = { startTime: -2, pxPerSecond: 50 };
    expect(scrollTarget(view)).toBe(0);
    expect(waveformTransform(view, 50, 0)).toBe('translateX(100px)');
  });

  it('rescales a stale render while a zoom is pending', () => {
    const view = { startTime: 10, pxPerSecond: 200 };
    // rendered at 100 px/s, scrolled to 900 px (9 s)
    expect(waveformTransform(view, 100, 900)).toBe(
      'translateX(-2000px) scaleX(2) translateX(900px)',
    );
    expect(waveformXOf(11, view, 100, 900)).toBeCloseTo(200);
  });
});
