import { describe, expect, it } from 'vitest';
import { cursorFor, hitTest } from './hit-test';
import { RULER_HEIGHT } from './layout';
import { sceneFromArray } from './test-scene';
import type { TimelineItem } from './types';

// Lane 0 spans y 24..124 with height 224 and 2 lanes; lane 1 spans 124..224.
const Y0 = RULER_HEIGHT + 50;
const Y1 = RULER_HEIGHT + 150;
// Sorted by start, as the scene requires.
const words: TimelineItem[] = [
  { key: 'a', start: 1, end: 2, text: 'a', line: 0 },
  { key: 'd', start: 1, end: 5, text: 'd', line: 1 },
  { key: 'b', start: 2, end: 3, text: 'b', line: 0 }, // touches a: shared edge at 2
  { key: 'c', start: 4, end: 5, text: 'c', line: 0 },
];

const at = (pxPerSecond: number, startTime = 0) =>
  sceneFromArray(words, {
    view: { startTime, pxPerSecond, width: 1000, height: 224, devicePixelRatio: 1 },
  });

describe('hitTest', () => {
  it.each([50, 100, 400])('finds bodies and edges within 6 px at %s px/s', (pps) => {
    const scene = at(pps);
    const x = (t: number) => t * pps;
    expect(hitTest(scene, x(4.5), Y0)).toMatchObject({ key: 'c', part: 'body' });
    expect(hitTest(scene, x(4) + 5, Y0)).toMatchObject({ key: 'c', part: 'start-edge' });
    expect(hitTest(scene, x(4) - 5, Y0)).toMatchObject({ key: 'c', part: 'start-edge' });
    expect(hitTest(scene, x(5) - 4, Y0)).toMatchObject({ key: 'c', part: 'end-edge' });
    expect(hitTest(scene, x(5) + 7, Y0)).toBeNull();
    expect(hitTest(scene, x(3.5), Y0)).toBeNull();
  });

  it('reports a shared edge between touching words of the same lane', () => {
    const hit = hitTest(at(100), 200 + 2, Y0);
    expect(hit).toMatchObject({ key: 'a', part: 'shared-edge', nextKey: 'b' });
    expect(cursorFor(hit)).toBe('col-resize');
  });

  it('uses the lane under the pointer', () => {
    expect(hitTest(at(100), 200, Y1)).toMatchObject({ key: 'd', part: 'body' });
    expect(hitTest(at(100), 200, 10)).toBeNull(); // ruler
  });

  it('takes the scroll position into account', () => {
    expect(hitTest(at(100, 3.5), 52, Y0)).toMatchObject({ key: 'c', part: 'start-edge' });
  });

  it('prefers the box under the pointer over a close neighbour edge (dense zoom-out)', () => {
    // 3.7 px boxes 0.65 px apart: the centre of one must be its body, not the next one's edge.
    const dense: TimelineItem[] = Array.from({ length: 20 }, (_, i) => ({
      key: `d${i}`,
      start: i * 0.036,
      end: i * 0.036 + 0.0306,
      text: '',
      line: 0,
    }));
    const scene = sceneFromArray(dense, {
      view: { startTime: 0, pxPerSecond: 120, width: 1000, height: 224, devicePixelRatio: 1 },
    });
    const centre = (0.036 * 5 + 0.0153) * 120;
    expect(hitTest(scene, centre, Y0)).toMatchObject({ key: 'd5', part: 'body' });
  });

  it('keeps a body in the middle of a box narrower than two edge zones', () => {
    const scene = at(10); // word c is 10 px wide
    expect(hitTest(scene, 45, Y0)).toMatchObject({ key: 'c', part: 'body' });
    expect(hitTest(scene, 41, Y0)).toMatchObject({ key: 'c', part: 'start-edge' });
  });
});
