import { describe, expect, it } from 'vitest';
import type { PointerInput, TimelineIntent } from './intents';
import { RULER_HEIGHT } from './layout';
import { PointerTool, type ToolContext } from './pointer-tool';
import { sceneFromArray } from './test-scene';
import type { TimelineItem, TimelineScene } from './types';

const Y0 = RULER_HEIGHT + 50; // lane 0
const Y1 = RULER_HEIGHT + 150; // lane 1
const words: TimelineItem[] = [
  { key: 'a', start: 1, end: 2, text: 'a', line: 0 },
  { key: 'b', start: 2, end: 3, text: 'b', line: 0 },
  { key: 'x', start: 2.5, end: 3.5, text: 'x', line: 1 },
  { key: 'c', start: 4, end: 5, text: 'c', line: 0 },
  { key: 'd', start: 6, end: 6.5, text: 'd', line: 0 },
];

const ev = (x: number, y: number, mods: Partial<PointerInput> = {}): PointerInput => ({
  x,
  y,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** A tiny page: applies select intents to the scene, as the real store would. */
function harness(selection: string[] = [], playheadTime: number | null = null) {
  let scene: TimelineScene = sceneFromArray(words, { selection: new Set(selection) });
  const tool = new PointerTool();
  const ctx = (): ToolContext => ({ scene, playheadTime, onsets: [7.5, 8] });
  const apply = (intents: TimelineIntent[]) => {
    for (const i of intents) {
      if (i.type === 'select') {
        const next = i.mode === 'replace' ? new Set<string>() : new Set(scene.selection);
        for (const k of i.keys) {
          if (i.mode === 'toggle' && next.has(k)) next.delete(k);
          else next.add(k);
        }
        scene = { ...scene, selection: next };
      }
    }
    return intents;
  };
  return {
    down: (e: PointerInput) => apply(tool.down(e, ctx())),
    move: (e: PointerInput) => apply(tool.move(e, ctx())),
    up: (e: PointerInput) => apply(tool.up(e, ctx())),
    cancel: () => tool.cancel(),
    /** What auto-scroll does: the view moves under a still pointer, then the last move runs again. */
    scroll: (seconds: number) => {
      scene = { ...scene, view: { ...scene.view, startTime: scene.view.startTime + seconds } };
      return apply(tool.replay(ctx()));
    },
    tool,
    selection: () => [...scene.selection].sort(),
  };
}

const last = <T extends TimelineIntent['type']>(intents: TimelineIntent[], type: T) =>
  intents.filter((i): i is Extract<TimelineIntent, { type: T }> => i.type === type).at(-1);

describe('PointerTool selection', () => {
  it('click selects, shift-click ranges, ctrl-click toggles, empty click clears', () => {
    const h = harness();
    h.down(ev(450, Y0));
    h.up(ev(450, Y0));
    expect(h.selection()).toEqual(['c']);
    expect(h.down(ev(150, Y0, { shiftKey: true }))).toEqual([
      { type: 'select', keys: ['a'], mode: 'range' },
    ]);
    h.up(ev(150, Y0, { shiftKey: true }));
    h.down(ev(620, Y0, { ctrlKey: true }));
    h.up(ev(620, Y0, { ctrlKey: true }));
    expect(h.selection()).toEqual(['a', 'c', 'd']);
    h.down(ev(620, Y0, { metaKey: true }));
    h.up(ev(620, Y0, { metaKey: true }));
    expect(h.selection()).toEqual(['a', 'c']);
    h.down(ev(900, Y0));
    expect(h.up(ev(900, Y0))).toEqual([{ type: 'select', keys: [], mode: 'replace' }]);
  });

  it('clicking one word of a selection collapses the selection to it', () => {
    const h = harness(['a', 'c']);
    expect(h.down(ev(450, Y0))).toEqual([]);
    h.up(ev(450, Y0));
    expect(h.selection()).toEqual(['c']);
  });
});

describe('PointerTool drag', () => {
  it('moves the grabbed word with a preview, then commits one move', () => {
    const h = harness();
    h.down(ev(440, Y0));
    const preview = last(h.move(ev(470, Y0)), 'preview');
    expect(preview?.preview).toMatchObject({ kind: 'shift', deltaSeconds: 0.3 });
    const out = h.up(ev(470, Y0));
    expect(out).toContainEqual({ type: 'preview', preview: null, snapGuide: null });
    expect(last(out, 'move')).toEqual({ type: 'move', keys: ['c'], deltaSeconds: 0.3 });
  });

  it('moves the whole selection when a selected word is dragged', () => {
    const h = harness(['a', 'c']);
    h.down(ev(450, Y0));
    h.move(ev(400, Y0));
    const move = last(h.up(ev(400, Y0)), 'move');
    expect(move?.keys.sort()).toEqual(['a', 'c']);
    expect(move?.deltaSeconds).toBeCloseTo(-0.5);
  });

  it('snaps to a neighbour edge within 12 px and not beyond', () => {
    const h = harness();
    h.down(ev(450, Y0)); // c: 4..5; d starts at 6
    // +0.92 s puts c's end at 5.92: 8 px from d's start at 100 px/s -> snaps to delta 1.0
    const snapped = last(h.move(ev(542, Y0)), 'preview');
    expect(snapped?.preview).toMatchObject({ deltaSeconds: 1 });
    expect(snapped?.snapGuide).toBe(6);
    // +0.85 s: 15 px away -> no snap
    const free = last(h.move(ev(535, Y0)), 'preview');
    expect(free?.preview).toMatchObject({ kind: 'shift' });
    expect(free?.preview?.kind === 'shift' && free.preview.deltaSeconds).toBeCloseTo(0.85);
    expect(free?.snapGuide).toBeNull();
  });

  it('Alt bypasses snapping', () => {
    const h = harness();
    h.down(ev(450, Y0));
    const out = last(h.move(ev(542, Y0, { altKey: true })), 'preview');
    expect(out?.preview?.kind === 'shift' && out.preview.deltaSeconds).toBeCloseTo(0.92);
  });

  it('snaps to the playhead and to onsets', () => {
    const h = harness([], 5.55);
    h.down(ev(410, Y0)); // grab c at 4.1
    const toPlayhead = last(h.move(ev(463, Y0)), 'preview'); // start at 4.53 .. end 5.53
    expect(toPlayhead?.snapGuide).toBe(5.55);
    const toOnset = last(h.move(ev(705, Y0)), 'preview'); // end 7.95 -> onset 8 (5 px)
    expect(toOnset?.snapGuide).toBe(8);
    // Start 6.45 is 5 px from d's end, end 7.45 5 px from an onset: the word edge wins.
    const ranked = last(h.move(ev(655, Y0)), 'preview');
    expect(ranked?.snapGuide).toBe(6.5);
  });

  it('a small move is possible next to touching words: their edges do not hold the word', () => {
    const h = harness();
    h.down(ev(250, Y0)); // b: 2..3, touching a (ends at 2)
    h.move(ev(254, Y0)); // 4 px: 2 px would be under the drag threshold
    const out = h.up(ev(254, Y0));
    expect(last(out, 'move')?.deltaSeconds).toBeCloseTo(0.04, 9);
  });

  it('does not move words before 0', () => {
    const h = harness();
    h.down(ev(150, Y0));
    h.move(ev(0, Y0, { altKey: true }));
    expect(last(h.up(ev(0, Y0)), 'move')?.deltaSeconds).toBe(-1);
  });

  it('resizes an edge, clamped to a minimum duration', () => {
    const h = harness();
    h.down(ev(498, Y0)); // c's end edge at 500
    h.move(ev(520, Y0, { altKey: true }));
    expect(last(h.up(ev(520, Y0)), 'resize-end')).toEqual({
      type: 'resize-end',
      key: 'c',
      time: 5.2,
    });
    h.down(ev(403, Y0)); // c's start edge at 400
    h.move(ev(700, Y0, { altKey: true }));
    const r = last(h.up(ev(700, Y0)), 'resize-start');
    expect(r?.time).toBeCloseTo(4.98);
  });

  it('drags a shared edge as a rolling edit', () => {
    const h = harness();
    h.down(ev(201, Y0)); // a|b at 2.0
    const preview = last(h.move(ev(230, Y0, { altKey: true })), 'preview');
    expect(preview?.preview?.kind).toBe('replace');
    const out = last(h.up(ev(230, Y0)), 'roll');
    expect(out).toEqual({ type: 'roll', leftKey: 'a', rightKey: 'b', time: 2.3 });
  });

  it('Escape cancels: preview cleared, nothing committed', () => {
    const h = harness();
    h.down(ev(450, Y0));
    h.move(ev(480, Y0));
    expect(h.cancel()).toEqual([{ type: 'preview', preview: null, snapGuide: null }]);
    expect(h.up(ev(480, Y0))).toEqual([]);
  });
});

describe('PointerTool marquee, ruler, hover', () => {
  it('drags a marquee on empty space and selects what it touches', () => {
    const h = harness();
    h.down(ev(360, Y1)); // empty in lane 1 (x ends at 3.5)
    const rect = last(h.move(ev(120, Y0 - 40)), 'marquee');
    expect(rect?.rect).toEqual({ x0: 360, y0: Y1, x1: 120, y1: Y0 - 40 });
    const out = h.up(ev(120, Y0 - 40));
    expect(out[0]).toEqual({ type: 'marquee', rect: null });
    expect(h.selection()).toEqual(['a', 'b', 'x']);
  });

  it('marquee within one lane only selects that lane', () => {
    const h = harness();
    h.down(ev(150, Y1));
    h.move(ev(390, Y1 + 10));
    h.up(ev(390, Y1 + 10));
    expect(h.selection()).toEqual(['x']);
  });

  it('press and drag on the ruler seeks', () => {
    const h = harness();
    expect(h.down(ev(250, 10))).toEqual([{ type: 'seek', time: 2.5 }]);
    expect(h.move(ev(300, 200))).toEqual([{ type: 'seek', time: 3 }]);
    expect(h.up(ev(300, 200))).toEqual([]);
  });

  it('reports hover changes and the cursor', () => {
    const h = harness();
    expect(h.move(ev(450, Y0))).toEqual([
      { type: 'cursor', cursor: 'grab' },
      { type: 'hover', key: 'c' },
    ]);
    expect(h.move(ev(451, Y0))).toEqual([{ type: 'cursor', cursor: 'grab' }]);
    expect(h.move(ev(499, Y0))).toEqual([{ type: 'cursor', cursor: 'ew-resize' }]);
  });
});

describe('PointerTool while the view scrolls (auto-scroll)', () => {
  it('keeps the dragged word under the pointer in time', () => {
    const h = harness();
    h.down(ev(450, Y0)); // c at 4.5 s
    expect(h.tool.autoScrolls).toBe(false); // a press is not a drag yet
    const moved = last(h.move(ev(980, Y0, { altKey: true })), 'preview');
    expect(h.tool.autoScrolls).toBe(true);
    expect(moved?.preview?.kind === 'shift' && moved.preview.deltaSeconds).toBeCloseTo(5.3);
    // The view scrolls 2 s to the right under the still pointer: the word follows it.
    const followed = last(h.scroll(2), 'preview');
    expect(followed?.preview?.kind === 'shift' && followed.preview.deltaSeconds).toBeCloseTo(7.3);
    expect(last(h.up(ev(980, Y0)), 'move')?.deltaSeconds).toBeCloseTo(7.3);
    expect(h.tool.pointer).toBeNull();
    expect(h.scroll(1)).toEqual([]); // nothing in progress: nothing to replay
  });

  it('an edge being resized follows the pointer time', () => {
    const h = harness();
    h.down(ev(498, Y0)); // c's end edge
    h.move(ev(990, Y0, { altKey: true }));
    h.scroll(1);
    expect(last(h.up(ev(990, Y0)), 'resize-end')?.time).toBeCloseTo(10.9);
  });

  it('the marquee keeps its first corner at the time where it started', () => {
    const h = harness();
    h.down(ev(360, Y1)); // 3.6 s in lane 1
    h.move(ev(990, Y1 + 10));
    const rect = last(h.scroll(1), 'marquee')?.rect;
    expect(rect?.x0).toBeCloseTo(260);
    expect(rect?.x1).toBe(990);
    // back to the start: 3.6 s is at x 360 again; only what the rectangle covers is selected
    h.scroll(-1);
    h.move(ev(380, Y1 + 10));
    h.up(ev(380, Y1 + 10));
    expect(h.selection()).toEqual([]); // x ends at 3.5, before 3.6
  });

  it('the marquee selects by time after a scroll', () => {
    const h = harness();
    h.down(ev(90, Y0)); // 0.9 s, lane 0
    h.move(ev(995, Y0 + 10));
    h.scroll(2); // the view now shows 2..12 s; the pointer is at 11.95 s
    h.up(ev(995, Y0 + 10));
    expect(h.selection()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('seeking on the ruler and hovering never auto-scroll', () => {
    const h = harness();
    h.move(ev(995, Y0));
    expect(h.tool.autoScrolls).toBe(false);
    h.down(ev(995, 10));
    h.move(ev(999, 10));
    expect(h.tool.autoScrolls).toBe(false);
    expect(h.scroll(1)).toEqual([]);
  });
});
