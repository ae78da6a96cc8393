import { describe, expect, it } from 'vitest';
import { createRecordingContext } from './fake-context';
import {
  DARK_OVERVIEW_COLORS as C,
  PROBLEM_MARK_HEIGHT,
  renderOverviewBase,
  UNCERTAIN_MARK_HEIGHT,
  renderOverviewOverlay,
  type OverviewBase,
} from './overview-render';

const H = 40;
const ROOM = H - PROBLEM_MARK_HEIGHT - 1;

/** The base layer's calls: a column per `density` entry, ratio 1, no problems unless given. */
function drawBase(o: Partial<OverviewBase> & Pick<OverviewBase, 'density' | 'max'>) {
  const ctx = createRecordingContext();
  const width = o.density.length;
  const problems = new Uint32Array(width);
  renderOverviewBase(ctx, { width, height: H, devicePixelRatio: 1, problems, colors: C, ...o });
  return ctx.calls;
}

describe('renderOverviewBase', () => {
  it('draws one bar per run of equal columns, from the bottom, and problem marks on top', () => {
    const calls = drawBase({
      devicePixelRatio: 2,
      density: new Uint32Array([0, 0, 4, 4, 1, 0, 0, 4]),
      max: 4,
      problems: new Uint32Array([0, 0, 0, 1, 2, 0, 0, 0]),
    });
    const rects = calls.filter((c) => c.op === 'fillRect');
    expect(rects[0]).toEqual({ op: 'fillRect', args: [0, 0, 8, H], fillStyle: C.background });
    const bars = rects.filter((c) => c.fillStyle === C.density).map((c) => c.args);
    const half = Math.round(ROOM / 2);
    expect(bars).toEqual([
      [2, H - ROOM, 2, ROOM],
      [4, H - half, 1, half],
      [7, H - ROOM, 1, ROOM],
    ]);
    const marks = rects.filter((c) => c.fillStyle === C.problem).map((c) => c.args);
    expect(marks).toEqual([[3, 0, 2, PROBLEM_MARK_HEIGHT]]);
  });

  it('marks columns with uncertain words along the bottom, over the bars', () => {
    const calls = drawBase({
      density: new Uint32Array([0, 0, 4, 4, 1, 0, 0, 4]),
      max: 4,
      uncertain: new Uint32Array([0, 0, 1, 1, 0, 0, 0, 2]),
    });
    const rects = calls.filter((c) => c.op === 'fillRect');
    const marks = rects.filter((c) => c.fillStyle === C.uncertain).map((c) => c.args);
    const y = H - UNCERTAIN_MARK_HEIGHT;
    expect(marks).toEqual([
      [2, y, 2, UNCERTAIN_MARK_HEIGHT],
      [6.5, y, 2, UNCERTAIN_MARK_HEIGHT], // a lone column, widened
    ]);
    // Drawn after the density bars (on top of them).
    const lastBar = rects.findLastIndex((c) => c.fillStyle === C.density);
    expect(rects.findIndex((c) => c.fillStyle === C.uncertain)).toBeGreaterThan(lastBar);
  });

  it('widens a lone problem column so it shows', () => {
    const calls = drawBase({
      density: new Uint32Array(4),
      max: 1,
      problems: new Uint32Array([0, 0, 1, 0]),
    });
    const marks = calls.filter((c) => c.fillStyle === C.problem).map((c) => c.args);
    expect(marks).toEqual([[1.5, 0, 2, PROBLEM_MARK_HEIGHT]]);
  });

  it('costs the number of runs, not the number of words', () => {
    const density = new Uint32Array(1000).fill(100_000);
    const calls = drawBase({ density, max: 100_000 });
    expect(calls.filter((c) => c.op === 'fillRect')).toHaveLength(2);
  });
});

/** The overlay's calls on a 500 px strip at ratio 1. */
function drawOverlay(viewWindow: { x: number; width: number }, playheadX: number | null) {
  const ctx = createRecordingContext();
  const strip = { width: 500, height: H, devicePixelRatio: 1, colors: C };
  renderOverviewOverlay(ctx, { ...strip, window: viewWindow, playheadX });
  return ctx.calls;
}

describe('renderOverviewOverlay', () => {
  it('draws the view window and the playhead', () => {
    expect(drawOverlay({ x: 100, width: 50 }, 320.4)).toEqual([
      { op: 'clearRect', args: [0, 0, 500, H], fillStyle: expect.any(String) as string },
      { op: 'fillRect', args: [100, 0, 50, H], fillStyle: C.window },
      {
        op: 'strokeRect',
        args: [100.5, 0.5, 49, H - 1],
        fillStyle: C.window,
        strokeStyle: C.windowEdge,
        lineWidth: 1,
        dash: [],
      },
      { op: 'fillRect', args: [319, 0, 2, H], fillStyle: C.playhead },
    ]);
  });

  it('leaves out a playhead that is unknown or off the strip', () => {
    for (const playheadX of [null, -20, 520]) {
      const calls = drawOverlay({ x: 0, width: 10 }, playheadX);
      expect(calls.filter((c) => c.fillStyle === C.playhead)).toEqual([]);
    }
  });
});
