import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DARK_TIMELINE_COLORS as C } from './colors';
import { createRecordingContext } from './fake-context';
import { renderOverlay } from './overlay';
import { RULER_HEIGHT } from './layout';
import { renderOnsetTicks, renderTimeline, UNCERTAIN_BAR_PX } from './render-timeline';
import { blocksOfArray } from './lod';
import { regularItems, sceneFromArray } from './test-scene';
import type { TimelineItem, TimelineScene } from './types';

const itemBoxes = (calls: ReturnType<typeof createRecordingContext>['calls'], color: string) =>
  calls.filter((c) => c.op === 'fillRect' && c.fillStyle === color);
const texts = (calls: ReturnType<typeof createRecordingContext>['calls']) =>
  calls.filter((c) => c.op === 'fillText' && c.fillStyle === C.itemText).map((c) => c.args[0]);

/** Renders a scene of `items` (with `overrides`) into a fresh recording context. */
function record(items: readonly TimelineItem[], overrides: Partial<TimelineScene> = {}) {
  const ctx = createRecordingContext();
  return { calls: ctx.calls, stats: renderTimeline(ctx, sceneFromArray(items, overrides)) };
}

/** Renders `scene` into a fresh recording context. */
function draw(scene: TimelineScene) {
  const ctx = createRecordingContext();
  const stats = renderTimeline(ctx, scene);
  return { calls: ctx.calls, stats };
}

/** The view from `startTime` at `pxPerSecond`, 1000 x 224 px at ratio 1. */
const viewAt = (startTime: number, pxPerSecond: number) => ({
  view: { startTime, pxPerSecond, width: 1000, height: 224, devicePixelRatio: 1 },
});

describe('renderTimeline', () => {
  it('draws only the visible items', () => {
    // 1000 words, 1 per second; view 100 s..110 s at 100 px/s
    const { calls, stats } = record(regularItems(1000), viewAt(100, 100));
    expect(stats.drawn).toBe(11); // words 100..110 (110 starts on the right edge)
    // word110 touches the right edge: boxed, but no room for its label
    expect(texts(calls)).toEqual(Array.from({ length: 10 }, (_, i) => `word${100 + i}`));
    expect(itemBoxes(calls, C.item)[0]?.args[0]).toBe(0);
  });

  it('draws a long item that starts before the view', () => {
    const list: TimelineItem[] = [
      { key: 'long', start: 0, end: 500, text: 'long note', line: 0 },
      ...regularItems(5).map((w) => ({ ...w, start: w.start + 600, end: w.end + 600 })),
    ];
    const { calls, stats } = record(list, viewAt(200, 10));
    expect(stats.drawn).toBe(1);
    expect(texts(calls)).toEqual(['long note']);
  });

  it('labels only boxes wide enough and truncates long text', () => {
    const list: TimelineItem[] = [
      { key: 'narrow', start: 0, end: 0.1, text: 'narrow', line: 0 }, // 10 px
      { key: 'short', start: 1, end: 1.3, text: 'abcdefghij', line: 0 }, // 30 px: 3 chars
      { key: 'wide', start: 2, end: 3, text: 'wide', line: 0 },
    ];
    const ctx = createRecordingContext();
    const stats = renderTimeline(ctx, sceneFromArray(list));
    expect(stats.drawn).toBe(3);
    expect(texts(ctx.calls)).toEqual(['ab…', 'wide']);
  });

  it('measures a label once per word, not once per zoom frame', () => {
    const list: TimelineItem[] = [
      { key: 'a', start: 1, end: 1.3, text: 'abcdefghij', line: 0 },
      { key: 'b', start: 2, end: 2.35, text: 'klmnopqrst', line: 1 },
    ];
    const ctx = createRecordingContext();
    const measured: string[] = [];
    const measure = ctx.measureText.bind(ctx);
    ctx.measureText = (text: string) => {
      measured.push(text);
      return measure(text);
    };
    for (const pxPerSecond of [100, 110, 120, 130]) {
      const view = { startTime: 0, pxPerSecond, width: 1000, height: 224, devicePixelRatio: 1 };
      renderTimeline(ctx, sceneFromArray(list, { view }));
    }
    expect(texts(ctx.calls).length).toBeGreaterThan(4); // labelled (cut) in every frame
    expect(measured.filter((t) => t === 'abcdefghij')).toHaveLength(1);
    expect(measured.filter((t) => t === 'klmnopqrst')).toHaveLength(1);
  });

  it('colours selection, problems and hover, and marks estimated words', () => {
    const { calls } = record(regularItems(4), {
      selection: new Set(['w0']),
      problemKeys: new Set(['w1']),
      hoverKey: 'w2',
      estimatedKeys: new Set(['w3']),
    });
    expect(itemBoxes(calls, C.selected).map((c) => c.args[0])).toEqual([0]);
    expect(itemBoxes(calls, C.problem).map((c) => c.args[0])).toEqual([100, 100]);
    expect(itemBoxes(calls, C.hover).map((c) => c.args[0])).toEqual([200]);
    expect(itemBoxes(calls, C.estimated).map((c) => c.args[0])).toEqual([300, 300]);
  });

  it('outlines merge conflicts in their own colour, on plain, selected and problem words', () => {
    const { calls } = record(regularItems(6), {
      selection: new Set(['w1']),
      problemKeys: new Set(['w2']),
      conflictKeys: new Set(['w0', 'w1', 'w2', 'w40']), // w40: not in view
    });
    const outlines = calls.filter((c) => c.op === 'strokeRect' && c.strokeStyle === C.conflict);
    expect(outlines.map((c) => c.args[0])).toEqual([-1, 99, 199]);
    expect(outlines.every((c) => c.lineWidth === 2 && (c.dash?.length ?? 0) > 0)).toBe(true);
    // Nothing else is dashed (the ghost of a dragged word is a plain outline).
    const dashed = calls.filter((c) => (c.dash?.length ?? 0) > 0);
    expect(dashed).toEqual(outlines);
    // Distinct from everything else the timeline marks with a colour.
    const others = [C.selected, C.selectedEdge, C.problem, C.estimated, C.preview, C.hover];
    expect(others).not.toContain(C.conflict);
    // The fills stay what they were: the outline adds to them.
    expect(itemBoxes(calls, C.selected).map((c) => c.args[0])).toEqual([100]);
    expect(itemBoxes(calls, C.problem).map((c) => c.args[0])).toEqual([200, 200]);
  });

  it('never culls a conflicted word, however far out it is zoomed', () => {
    const items = regularItems(100_000, 0.036, 0.03);
    const zoomedOut = viewAt(0, 1000 / 3600);
    const without = record(items, zoomedOut).stats;
    const conflictKeys = new Set(['w50001', 'w50002']);
    const { calls, stats } = record(items, { ...zoomedOut, conflictKeys });
    // Both share a pixel column with other words: culled without the mark, drawn with it.
    expect(stats.drawn).toBeGreaterThan(without.drawn);
    const outlines = calls.filter((c) => c.op === 'strokeRect' && c.strokeStyle === C.conflict);
    expect(outlines).toHaveLength(2);
  });

  it('marks uncertain words with a bar along their top, on any style, and never culls them', () => {
    const { calls } = record(regularItems(6), {
      selection: new Set(['w1']),
      problemKeys: new Set(['w2']),
      uncertainKeys: new Set(['w1', 'w2', 'w3', 'w40']), // w40: not in view
    });
    const bars = itemBoxes(calls, C.uncertain ?? '');
    expect(bars.map((c) => c.args[0])).toEqual([100, 200, 300]);
    // Along the top of the box (problems are marked along the bottom).
    const box = itemBoxes(calls, C.item).find((c) => c.args[0] === 300)!;
    expect(bars.every((c) => c.args[1] === box.args[1] && c.args[3] === UNCERTAIN_BAR_PX)).toBe(
      true,
    );
    expect([C.selected, C.problem, C.estimated, C.preview, C.conflict]).not.toContain(C.uncertain);
    // Zoomed far out, an uncertain word sharing a pixel column is still drawn.
    const items = regularItems(100_000, 0.036, 0.03);
    const far = viewAt(0, 1000 / 3600);
    const without = record(items, far).stats;
    const marked = record(items, { ...far, uncertainKeys: new Set(['w50001', 'w50002']) });
    expect(marked.stats.drawn).toBeGreaterThan(without.drawn);
    expect(itemBoxes(marked.calls, C.uncertain ?? '')).toHaveLength(2);
  });

  it('draws an onset tick per visible onset on the ruler, one per pixel column at most', () => {
    const ctx = createRecordingContext();
    const onsets = [0.5, 3.2, 3.201, 3.204, 9.99, 10.5, 25];
    renderTimeline(ctx, sceneFromArray(regularItems(3), { onsets }));
    const ticks = ctx.calls.filter((c) => c.op === 'fillRect' && c.fillStyle === C.onset);
    // 3.201 shares 3.2's pixel column; 10.5 and 25 are past the right edge (10 s).
    expect(ticks.map((c) => c.args[0])).toEqual([50, 320, 999]);
    expect(ticks.every((c) => Number(c.args[1]) + Number(c.args[3]) <= RULER_HEIGHT)).toBe(true);

    const none = createRecordingContext();
    renderTimeline(none, sceneFromArray(regularItems(3)));
    expect(none.calls.filter((c) => c.fillStyle === C.onset)).toEqual([]);
  });

  it('draws strong onsets as long ticks and weak ones as short ones', () => {
    const ctx = createRecordingContext();
    const onsets = [0.5, 3.2, 3.201, 6];
    const onsetStrengths = [0.9, 0.3, 0.95, 0.2];
    renderTimeline(ctx, sceneFromArray(regularItems(3), { onsets, onsetStrengths }));
    const ticks = ctx.calls.filter((c) => c.op === 'fillRect' && c.fillStyle === C.onset);
    // 3.201 is strong and shares the weak 3.2's column: the column's tick is long.
    expect(ticks.map((c) => [c.args[0], c.args[3]])).toEqual([
      [50, 8],
      [320, 8],
      [600, 4],
    ]);
  });

  it('paints neighbouring tick columns of one kind as one rect', () => {
    const ctx = createRecordingContext();
    // at 100 px/s: columns 100, 101, 102 strong (102 also weak), 103 weak, 104 strong, 200 strong
    const onsets = [1, 1.01, 1.02, 1.021, 1.03, 1.04, 2];
    const onsetStrengths = [0.9, 0.9, 0.2, 0.9, 0.3, 0.9, 0.9];
    const ticked = renderOnsetTicks(ctx, sceneFromArray([], { onsets, onsetStrengths }));
    const ticks = ctx.calls.filter((c) => c.op === 'fillRect' && c.fillStyle === C.onset);
    expect(ticks.map((c) => [c.args[0], c.args[2], c.args[3]])).toEqual([
      [100, 3, 8],
      [103, 1, 4],
      [104, 1, 8],
      [200, 1, 8],
    ]);
    expect(ticked).toBe(6);
  });

  it('draws a shift preview at the moved place, including words moved into view', () => {
    const ctx = createRecordingContext();
    const scene = sceneFromArray(regularItems(40), {
      preview: { kind: 'shift', keys: new Set(['w1', 'w30']), deltaSeconds: -25 },
    });
    renderTimeline(ctx, scene);
    const previews = itemBoxes(ctx.calls, C.preview).map((c) => Math.round(Number(c.args[0])));
    expect(previews).toEqual([500]); // w30 moved to 5 s; w1 moved off screen
    expect(texts(ctx.calls)).not.toContain('word1');
    // w1 leaves an outline where it was; the preview's label is drawn after the static ones
    const ghosts = ctx.calls.filter((c) => c.op === 'strokeRect').map((c) => c.args[0]);
    expect(ghosts).toEqual([100.5]);
    expect(texts(ctx.calls).at(-1)).toBe('word30');
  });

  it('draws a replace preview instead of the original', () => {
    const ctx = createRecordingContext();
    const scene = sceneFromArray(regularItems(3), {
      preview: {
        kind: 'replace',
        items: new Map([['w1', { key: 'w1', start: 1.5, end: 2.9, text: 'word1', line: 0 }]]),
      },
    });
    renderTimeline(ctx, scene);
    expect(itemBoxes(ctx.calls, C.preview).map((c) => c.args[0])).toEqual([150]);
    expect(itemBoxes(ctx.calls, C.item).map((c) => c.args[0])).not.toContain(100);
  });

  it('bounds the work for 100k items: a 10 s view draws about 10 s of items', () => {
    const items = regularItems(100_000, 0.036, 0.03); // 100k words over 60 minutes
    const { calls, stats } = record(items, viewAt(1800, 100));
    expect(stats.drawn).toBeGreaterThan(270);
    expect(stats.drawn).toBeLessThan(290);
    const rects = calls.filter((c) => c.op === 'fillRect').length;
    expect(rects).toBeLessThan(2 * 290 + 200); // boxes + left edges + ruler ticks + lanes
  });

  it('skips sub-pixel items whose pixel is already painted when zoomed out', () => {
    const items = regularItems(100_000, 0.036, 0.03);
    const { stats } = record(items, viewAt(0, 1000 / 3600));
    expect(stats.drawn + stats.skipped).toBe(100_000);
    expect(stats.drawn).toBeLessThanOrEqual(2 * 1001); // at most one box per pixel per lane
    expect(stats.labels).toBe(0);
    // whole runs of words that would only repaint a painted column are jumped over, not read
    expect(stats.visited).toBeLessThan(100_000 / 4);
  });

  it('paints the sub-pixel words of a lane as runs of whole device-pixel columns', () => {
    // 100,000 words over a 1,000 px hour, a line (a lane) every 0.18 s: every column of both
    // lanes holds a word, so each lane is one run, not a thousand 1 px rects.
    const items = regularItems(100_000, 0.036, 0.03);
    const view = { startTime: 0, pxPerSecond: 1000 / 3600, width: 1000, height: 224 };
    for (const devicePixelRatio of [1, 2]) {
      const ctx = createRecordingContext();
      renderTimeline(ctx, sceneFromArray(items, { view: { ...view, devicePixelRatio } }));
      const runs = itemBoxes(ctx.calls, C.item).map((c) => c.args as number[]);
      expect(runs).toHaveLength(2);
      for (const [x, , width] of runs) {
        expect(x).toBe(0);
        expect(Math.abs((x ?? 0) + (width ?? 0) - 1000)).toBeLessThanOrEqual(1);
      }
    }
    // Words apart (a 5 px gap every 5 px of words): the gaps stay unpainted.
    const spaced = regularItems(200, 0.036, 0.03).filter((_, i) => Math.floor(i / 5) % 2 === 0);
    const ctx = createRecordingContext();
    const zoom = { startTime: 0, pxPerSecond: 5 / (5 * 0.036), width: 400, height: 224 };
    renderTimeline(ctx, sceneFromArray(spaced, { view: { ...zoom, devicePixelRatio: 1 } }));
    const runs = itemBoxes(ctx.calls, C.item).map((c) => c.args as number[]);
    expect(runs.length).toBeGreaterThan(5);
    for (const [x, , width] of runs) {
      expect(Number.isInteger(x)).toBe(true);
      expect(width).toBeLessThanOrEqual(7);
    }
  });

  it('paints exactly what reading every word paints, whatever the zoom, marks and lanes', () => {
    const draw = (scene: TimelineScene) => {
      const ctx = createRecordingContext();
      const stats = renderTimeline(ctx, scene);
      return { calls: ctx.calls, stats };
    };
    // how many cases painted some block from its runs (lod.ts), not word by word
    let fromRuns = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.oneof(
              { arbitrary: fc.double({ min: 0, max: 0.05, noNaN: true }), weight: 6 },
              { arbitrary: fc.double({ min: 0, max: 3, noNaN: true }), weight: 1 },
            ),
            dur: fc.oneof(
              { arbitrary: fc.double({ min: 0, max: 0.2, noNaN: true }), weight: 8 },
              { arbitrary: fc.double({ min: 0, max: 40, noNaN: true }), weight: 1 },
            ),
            line: fc.nat(30),
            singer: fc.option(fc.nat(3), { nil: undefined }),
          }),
          { maxLength: 400 },
        ),
        fc.oneof(
          fc.double({ min: 0.05, max: 4, noNaN: true }),
          fc.double({ min: 4, max: 200, noNaN: true }),
        ),
        fc.double({ min: -10, max: 30, noNaN: true }),
        fc.constantFrom(1, 2),
        fc.boolean(),
        fc.array(fc.nat(400), { maxLength: 7 }),
        fc.constantFrom(4, 16, 128),
        (rows, pxPerSecond, startTime, devicePixelRatio, singers, marks, blockSize) => {
          let t = 0;
          const list = rows.map((r, i) => {
            t += r.gap;
            return {
              key: `k${i}`,
              start: t,
              end: t + r.dur,
              text: `w${i}`,
              line: r.line,
              singer: r.singer,
            };
          });
          const keys = marks.map((m) => `k${m}`);
          const overrides: Partial<TimelineScene> = {
            view: { startTime, pxPerSecond, width: 400, height: 200, devicePixelRatio },
            laneMode: singers ? 'singer' : 'line',
            laneCount: singers ? 4 : 2,
            selection: new Set(keys.slice(0, 2)),
            problemKeys: new Set(keys.slice(2, 3)),
            estimatedKeys: new Set(keys.slice(3, 4)),
            conflictKeys: new Set(keys.slice(4, 5)),
            hoverKey: keys[5] ?? null,
            uncertainKeys: new Set(keys.slice(6, 7)),
          };
          const scene = sceneFromArray(list, overrides);
          // words read without their key (as the page's `wordAt`): a mark missed shows here
          const wordAt = (i: number) => {
            const { key: _key, ...word } = list[i]!;
            return word;
          };
          const blocks = blocksOfArray(list, blockSize);
          const jumping = { ...scene, items: { ...scene.items, wordAt }, blocks };
          const reading = { ...scene, skipTo: undefined, indexOfKey: undefined, blocks: undefined };
          const a = draw(jumping);
          const b = draw(reading);
          expect(a.calls).toEqual(b.calls);
          expect({ ...a.stats, visited: 0, blocks: 0 }).toEqual({ ...b.stats, visited: 0 });
          expect(b.stats.blocks).toBe(0);
          if (a.stats.blocks > 0) fromRuns++;
        },
      ),
      { numRuns: 400 },
    );
    expect(fromRuns).toBeGreaterThan(40);
  });

  it('paints the base under a drag, then its preview on top: what painting it all paints', () => {
    const items = regularItems(300, 0.4, 0.3);
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 300, noNaN: true }),
        fc.double({ min: -5, max: 60, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.uniqueArray(fc.nat(299), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.option(fc.double({ min: 0, max: 120, noNaN: true }), { nil: null }),
        (pxPerSecond, startTime, delta, picked, replace, snapGuide) => {
          const keys = new Set(picked.map((k) => `w${k}`));
          const moved = new Map(
            picked.map((k) => {
              const w = items[k]!;
              return [w.key, { ...w, start: w.start + delta, end: w.end + delta }] as const;
            }),
          );
          const scene = sceneFromArray(items, {
            view: { startTime, pxPerSecond, width: 800, height: 200, devicePixelRatio: 2 },
            selection: keys,
            preview: replace
              ? { kind: 'replace', items: moved }
              : { kind: 'shift', keys, deltaSeconds: delta },
            snapGuide,
          });
          const ctx = createRecordingContext();
          renderTimeline(ctx, scene, 'base');
          renderTimeline(ctx, scene, 'top');
          expect(ctx.calls).toEqual(draw(scene).calls);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('paints a zoomed-out hour of 100,000 words from the blocks’ runs, reading no word', () => {
    const items = regularItems(100_000, 0.036, 0.03);
    const scene = sceneFromArray(items, viewAt(0, 1000 / 3600));
    const lod = draw(scene);
    const read = draw({ ...scene, skipTo: undefined, indexOfKey: undefined, blocks: undefined });
    expect(lod.calls).toEqual(read.calls);
    expect(lod.stats.blocks).toBe(Math.ceil(100_000 / 128)); // every block: the view ends at 3,600 s
    expect(lod.stats.visited).toBeLessThan(200);
    // a selected word: its block is read, the others still come from their runs
    const selected = draw({ ...scene, selection: new Set(['w50000']) });
    expect(selected.stats.blocks).toBe(lod.stats.blocks - 1);
    expect(selected.stats.visited).toBeLessThan(400);
  });
});

describe('renderOverlay', () => {
  it('draws the playhead at its x and nothing when off screen', () => {
    const ctx = createRecordingContext();
    const view = { startTime: 10, pxPerSecond: 100, width: 1000, height: 200, devicePixelRatio: 2 };
    renderOverlay(ctx, { view, playheadTime: 12.5, marquee: null, colors: C });
    expect(itemBoxes(ctx.calls, C.playhead).map((c) => c.args)).toEqual([[249, 0, 2, 200]]);
    const off = createRecordingContext();
    renderOverlay(off, { view, playheadTime: 30, marquee: null, colors: C });
    expect(itemBoxes(off.calls, C.playhead)).toEqual([]);
  });
});
