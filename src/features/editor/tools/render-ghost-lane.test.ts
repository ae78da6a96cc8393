import { describe, expect, it } from 'vitest';
import { createDoc } from '../../../timing';
import { song } from '../../../timing/test-items';
import { createRecordingContext } from '../timeline/fake-context';
import { GHOST_COLORS, renderGhostLane } from './render-ghost-lane';

const view = (startTime: number, pxPerSecond: number) => ({
  startTime,
  pxPerSecond,
  width: 1000,
  height: 34,
  devicePixelRatio: 1,
});

describe('ghost lane', () => {
  const doc = createDoc(song(100_000), { duration: 60_000 }); // a word every 0.5 s

  it('draws only the words in view, with labels where they fit', () => {
    const ctx = createRecordingContext();
    const stats = renderGhostLane(ctx, { doc, view: view(100, 100) }); // 10 s in view
    expect(stats.drawn).toBeGreaterThanOrEqual(20);
    expect(stats.drawn).toBeLessThanOrEqual(22);
    // 0.4 s words at 100 px/s are 40 px wide: every whole one in view carries its text.
    expect(stats.labels).toBeGreaterThanOrEqual(19);
    const texts = ctx.calls.filter((c) => c.op === 'fillText').map((c) => c.args[0]);
    expect(texts).toContain('w201'); // starts at 100.5 s
    expect(texts).not.toContain('w150'); // before the view
  });

  it('costs the view width zoomed out: one box per device pixel at most', () => {
    const ctx = createRecordingContext();
    const stats = renderGhostLane(ctx, { doc, view: view(0, 1000 / 50_000) });
    expect(stats.drawn).toBeLessThanOrEqual(1000);
    expect(stats.drawn + stats.skipped).toBeGreaterThan(90_000);
    expect(stats.labels).toBe(0);
  });

  it('outlines the positions a take would replace', () => {
    const ctx = createRecordingContext();
    renderGhostLane(ctx, { doc, view: view(0, 100), selectedPositions: new Set(['0/1']) });
    const outlines = ctx.calls.filter((c) => c.op === 'strokeRect');
    expect(outlines.filter((c) => c.strokeStyle === GHOST_COLORS.selected)).toHaveLength(1);
    expect(outlines.filter((c) => c.strokeStyle === GHOST_COLORS.edge).length).toBeGreaterThan(5);
  });
});
