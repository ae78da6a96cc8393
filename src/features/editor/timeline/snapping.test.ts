import { describe, expect, it } from 'vitest';
import {
  buildSnapIndex,
  DEFAULT_SNAP_TUNING,
  snapEdges,
  snapIndexStale,
  thinOnsets,
  type SnapSources,
} from './snapping';
import { regularItems, sceneFromArray } from './test-scene';

// Words every second (0.8 s long); 0..10 s in view at 100 px/s.
const scene = sceneFromArray(regularItems(40));
const sources = (more: Partial<SnapSources> = {}): SnapSources => ({
  exclude: new Set(['w4']),
  playheadTime: null,
  ...more,
});

/** The editor's default zoom. */
const DEFAULT_PPS = 60;
const atZoom = (pxPerSecond: number, startTime = 0) =>
  sceneFromArray(regularItems(40), {
    view: { startTime, pxPerSecond, width: 1000, height: 224, devicePixelRatio: 1 },
  });

/** Deterministic 0..1 numbers (a tiny LCG): the tests must not depend on Math.random. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('buildSnapIndex', () => {
  it('collects the other words’ edges and the playhead, and onsets within a screen either side', () => {
    const onsets = [-20, 4.45, 12.5, 19.5, 25];
    const index = buildSnapIndex(scene, sources({ playheadTime: 3.3, onsets }));
    const edges = [...index.edges];
    expect(edges).toContain(3.3);
    expect(edges).toContain(5); // w5's start
    expect(edges).not.toContain(4); // the dragged word's own edges are no targets
    expect(edges).toEqual([...edges].sort((a, b) => a - b));
    expect([...index.strongOnsets]).toEqual([4.45, 12.5, 19.5]); // no strengths: all strong
    expect(index.weakOnsets).toHaveLength(0);
  });

  it('drops targets at the dragged edges’ own starting times (they would hold the word in place)', () => {
    // w4 touches nothing here, but say w3 ended where w4 starts: 4.0 is a held time.
    const index = buildSnapIndex(
      scene,
      sources({ exclude: new Set(['w5']), held: [5, 5.8], onsets: [5, 5.3] }),
    );
    expect([...index.edges]).not.toContain(5);
    expect([...index.edges]).toContain(4.8);
    expect([...index.strongOnsets]).toEqual([5.3]);
  });

  it('is collected again after a zoom or a scroll of more than half a screen', () => {
    const index = buildSnapIndex(scene, sources());
    expect(snapIndexStale(index, scene.view)).toBe(false);
    expect(snapIndexStale(index, { ...scene.view, startTime: 4 })).toBe(false); // 400 px
    expect(snapIndexStale(index, { ...scene.view, startTime: 6 })).toBe(true);
    expect(snapIndexStale(index, { ...scene.view, pxPerSecond: 120 })).toBe(true);
  });
});

describe('thinOnsets', () => {
  const onsets = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9];
  const strengths = [0.1, 1, 0.2, 0.3, 0.9, 0.4, 0.5, 0.8, 0.65, 0.7];

  it('keeps the stronger of two onsets closer than the spacing on screen', () => {
    // 60 px/s: 6 px apart; spacing 24 px = 0.4 s.
    const { strong, weak } = thinOnsets({ onsets, strengths }, 0, 10, DEFAULT_PPS);
    expect([...strong]).toEqual([1.1, 1.7]); // 1.1 (1.0), 1.7 (0.8); 1.4 is too near 1.1
    expect(weak).toHaveLength(0); // weak onsets are no targets at the default zoom
  });

  it('zoomed in, every onset stays and the weak ones become (smaller) targets', () => {
    const { strong, weak } = thinOnsets({ onsets, strengths }, 0, 10, 400); // 40 px apart
    expect([...strong]).toEqual([1.1, 1.4, 1.7, 1.8, 1.9]);
    expect([...weak]).toEqual([1.0, 1.2, 1.3, 1.5, 1.6]);
  });

  it('keeps onsets of a real song’s density apart at the default zoom: most of the line is free', () => {
    // 172 onsets in 50 s, as in the issue, random strengths.
    const next = random(7);
    const times: number[] = [];
    for (let t = 0.2; times.length < 172; t += 0.05 + next() * 0.48) times.push(t);
    const ranks = times.map(() => next());
    const { strong, weak } = thinOnsets({ onsets: times, strengths: ranks }, 0, 60, DEFAULT_PPS);
    expect(weak).toHaveLength(0);
    for (let i = 1; i < strong.length; i++) {
      expect(((strong[i] as number) - (strong[i - 1] as number)) * DEFAULT_PPS).toBeGreaterThan(
        DEFAULT_SNAP_TUNING.onsetSpacingPx - 1e-9,
      );
    }
    // Share of the pixel line within a snap radius of an onset: it was all of it (12 px radius,
    // an onset every ~17 px).
    const covered = strong.length * 2 * DEFAULT_SNAP_TUNING.strongOnsetRadiusPx;
    expect(covered / (times.at(-1)! * DEFAULT_PPS)).toBeLessThan(0.35);
  });
});

describe('snapEdges', () => {
  it('snaps a dragged edge to a nearby onset when it is the nearest target', () => {
    const index = buildSnapIndex(scene, sources({ onsets: [4.45, 5.93] }));
    // w4 moved by +0.43 s: start 4.43 (2 px from the onset 4.45), end 5.23.
    expect(snapEdges([4.43, 5.23], index, 100)).toEqual({
      delta: expect.closeTo(0.02, 9) as number,
      target: 4.45,
      kind: 'onset',
    });
  });

  it('does not snap beyond the radius in screen pixels', () => {
    const index = buildSnapIndex(scene, sources({ onsets: [4.45] }));
    expect(snapEdges([4.3, 5.1], index, 100)?.target).not.toBe(4.45); // 15 px away
    expect(snapEdges([4.38, 5.18], index, 100)?.target).not.toBe(4.45); // 7 px: over 6 for onsets
    expect(snapEdges([4.3, 5.1], index, 1000)).toBeNull(); // zoomed in: 150 px away
  });

  it('a word edge within its radius wins over a nearer onset, weak or strong', () => {
    const zoomed = atZoom(300); // weak onsets take part from 240 px/s on
    const index = buildSnapIndex(
      zoomed,
      sources({ onsets: [2.033, 2.51, 2.789], strengths: [0.2, 0.9, 0.95] }),
    );
    expect([...index.weakOnsets]).toEqual([2.033]);
    expect([...index.strongOnsets]).toEqual([2.51, 2.789]);
    // 9 px from w2's start (2.0), 1 px from a weak onset: the word edge.
    expect(snapEdges([2.03], index, 300)).toMatchObject({ target: 2, kind: 'edge' });
    // 3 px from w2's end (2.8), 0.3 px from a strong onset: the word edge.
    expect(snapEdges([2.79], index, 300)).toMatchObject({ target: 2.8, kind: 'edge' });
    // No word edge within 12 px: the strong onset 3 px away.
    expect(snapEdges([2.5], index, 300)).toMatchObject({ target: 2.51, kind: 'onset' });
    // Only a weak onset near: it snaps within 4 px, not beyond.
    expect(snapEdges([2.043], index, 300)).toMatchObject({ target: 2.033, kind: 'onset' });
    expect(snapEdges([2.05], index, 300)).toBeNull(); // 5 px from it, 15 px from w2's start
  });

  it('at the default zoom a word near weak onsets, touching its neighbours, moves by 3-4 px', () => {
    // A word sung at 10.2 s between two touching neighbours, weak onsets all around it (every
    // 5-8 px) and a strong one right at its start (where an earlier drag snapped it).
    const words = [
      { key: 'p', start: 9.6, end: 10.2, text: 'p', line: 0 },
      { key: 'x', start: 10.2, end: 10.6, text: 'x', line: 0 },
      { key: 'n', start: 10.6, end: 11, text: 'n', line: 0 },
    ];
    const view = { startTime: 5, pxPerSecond: DEFAULT_PPS, width: 1000, height: 224 };
    const s = sceneFromArray(words, { view: { ...view, devicePixelRatio: 1 } });
    const onsets = [10.05, 10.13, 10.2, 10.3, 10.42, 10.51, 10.6, 10.7];
    const strengths = onsets.map((t) => (t === 10.2 ? 0.9 : 0.3));
    const drag = { exclude: new Set(['x']), playheadTime: null, onsets, strengths };
    const index = buildSnapIndex(s, { ...drag, held: [10.2, 10.6] });
    for (const px of [3, 4, -3, -4]) {
      const delta = px / DEFAULT_PPS;
      expect(snapEdges([10.2 + delta, 10.6 + delta], index, DEFAULT_PPS)).toBeNull();
    }
    // Without the held times the word would stick where it was (neighbour edges, the onset).
    const sticky = buildSnapIndex(s, drag);
    expect(snapEdges([10.25, 10.65], sticky, DEFAULT_PPS)).toMatchObject({
      delta: expect.closeTo(-0.05, 9) as number,
    });
  });
});
