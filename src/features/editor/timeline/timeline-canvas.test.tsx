import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecordingContext, stubElementBox } from './fake-context';
import type { TimelineIntent } from './intents';
import { RULER_HEIGHT } from './layout';
import { regularItems, sceneFromArray } from './test-scene';
import { TimelineCanvas } from './timeline-canvas';
import type { TimelineScene } from './types';

let frames: FrameRequestCallback[] = [];
const flushFrame = (now = performance.now()) =>
  act(() => {
    const queue = frames;
    frames = [];
    queue.forEach((cb) => cb(now));
  });

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => createRecordingContext() as unknown as CanvasRenderingContext2D,
  );
  stubElementBox(1000, 224);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function mount(getOnsets?: () => readonly number[]) {
  let scene: TimelineScene = sceneFromArray(regularItems(50));
  const listeners = new Set<() => void>();
  const renders: number[] = [];
  const intents: TimelineIntent[] = [];
  const update = (patch: Partial<TimelineScene>) => {
    scene = { ...scene, ...patch };
    listeners.forEach((l) => l());
  };
  render(
    <TimelineCanvas
      getScene={() => scene}
      subscribe={(l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      }}
      onIntent={(i) => {
        intents.push(i);
        if (i.type === 'select') update({ selection: new Set(i.keys) });
        if (i.type === 'view') update({ view: i.view });
      }}
      onRender={(stats) => renders.push(stats.drawn)}
      getOnsets={getOnsets}
      exposeTestHook
    />,
  );
  return { renders, intents, update, scene: () => scene };
}

describe('TimelineCanvas', () => {
  it('redraws at most once per frame however many changes arrive', () => {
    const { renders, update } = mount();
    flushFrame();
    expect(renders).toEqual([11]); // 0..10 s at 100 px/s
    for (let i = 1; i <= 5; i++) update({ hoverKey: `w${i}` });
    expect(renders).toHaveLength(1);
    flushFrame();
    expect(renders).toHaveLength(2);
    flushFrame();
    expect(renders).toHaveLength(2); // nothing changed: no redraw
  });

  it('turns a pointer drag into select, preview and one move', () => {
    const { intents } = mount();
    flushFrame();
    const canvas = screen.getByRole('application');
    const y = RULER_HEIGHT + 50;
    fireEvent.pointerDown(canvas, { clientX: 240, clientY: y, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 290, clientY: y, pointerId: 1, altKey: true });
    fireEvent.pointerUp(canvas, { clientX: 290, clientY: y, pointerId: 1 });
    const types = intents.map((i) => i.type);
    expect(types).toEqual(['select', 'preview', 'preview', 'move']);
    expect(intents.at(-1)).toEqual({ type: 'move', keys: ['w2'], deltaSeconds: 0.5 });
  });

  it('snaps a drag to the onsets getOnsets gives (read when the drag starts)', () => {
    // w2 is 2.0..2.8 s; dragged by +0.43 s its start (2.43) is 2 px from the onset at 2.45 and
    // no word edge is within 12 px (w3 starts 23 px from its end).
    const drag = (getOnsets?: () => readonly number[]) => {
      const { intents } = mount(getOnsets);
      flushFrame();
      const canvas = screen.getByRole('application');
      const y = RULER_HEIGHT + 50;
      fireEvent.pointerDown(canvas, { clientX: 240, clientY: y, button: 0, pointerId: 1 });
      fireEvent.pointerMove(canvas, { clientX: 283, clientY: y, pointerId: 1 });
      fireEvent.pointerUp(canvas, { clientX: 283, clientY: y, pointerId: 1 });
      return intents.filter((i) => i.type === 'move').at(-1);
    };
    const onsets = [2.45];
    expect(drag(() => onsets)).toEqual({
      type: 'move',
      keys: ['w2'],
      deltaSeconds: expect.closeTo(0.45, 9) as number,
    });
    expect(window.__timeline?.onsets()).toEqual([2.45]);
    cleanup();
    expect(drag()).toEqual({
      type: 'move',
      keys: ['w2'],
      deltaSeconds: expect.closeTo(0.43, 9) as number,
    });
  });

  it('marks the canvas as a place for the editor keys (Tab selects words there)', () => {
    mount();
    expect(screen.getByRole('application').hasAttribute('data-editor-keys')).toBe(true);
  });

  it('is one tab stop that Escape never moves focus from (no trap, no surprise)', () => {
    mount();
    const canvas = screen.getByRole('application');
    expect(canvas.tabIndex).toBe(0);
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(document.activeElement).toBe(canvas);
    expect(canvas.getAttribute('aria-keyshortcuts')).not.toContain('Tab');
  });

  it('exposes the e2e hook while mounted', () => {
    mount();
    expect(window.__timeline?.timeToX(2.5)).toBe(250);
    expect(window.__timeline?.keyAt(240, RULER_HEIGHT + 50)).toBe('w2');
    expect(window.__timeline?.clientPointOf('w2')).toEqual({ x: 240, y: RULER_HEIGHT + 50 });
    expect(window.__timeline?.conflictKeys()).toEqual([]);
    expect(window.__timeline?.onsets()).toEqual([]);
    cleanup();
    expect(window.__timeline).toBeUndefined();
  });
});

describe('TimelineCanvas auto-scroll', () => {
  const y = RULER_HEIGHT + 50;
  const shiftOf = (intents: TimelineIntent[]) => {
    const p = intents.filter((i) => i.type === 'preview').at(-1);
    return p?.type === 'preview' && p.preview?.kind === 'shift' ? p.preview.deltaSeconds : null;
  };

  it('scrolls every frame while a drag holds the pointer at the edge; the word follows', () => {
    const { intents, scene } = mount();
    flushFrame(1000);
    const canvas = screen.getByRole('application');
    fireEvent.pointerDown(canvas, { clientX: 240, clientY: y, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 995, clientY: y, pointerId: 1, altKey: true });
    expect(shiftOf(intents)).toBeCloseTo(7.55);
    flushFrame(1016);
    flushFrame(1032);
    const first = scene().view.startTime;
    expect(first).toBeGreaterThan(0);
    flushFrame(1048);
    const second = scene().view.startTime;
    expect(second).toBeGreaterThan(first);
    // the pointer has not moved, yet the word stays under it in time
    expect(shiftOf(intents)).toBeCloseTo(7.55 + second);
    fireEvent.pointerUp(canvas, { clientX: 995, clientY: y, pointerId: 1 });
    const move = intents.at(-1);
    expect(move?.type === 'move' && move.deltaSeconds).toBeCloseTo(7.55 + second);
    flushFrame(1064);
    expect(scene().view.startTime).toBe(second); // released: no more scrolling
  });

  it('does not scroll with the pointer away from the edges, nor without a drag', () => {
    const { intents } = mount();
    flushFrame(1000);
    const canvas = screen.getByRole('application');
    fireEvent.pointerMove(canvas, { clientX: 998, clientY: y, pointerId: 1 }); // hover only
    flushFrame(1016);
    flushFrame(1032);
    fireEvent.pointerDown(canvas, { clientX: 240, clientY: y, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 500, clientY: y, pointerId: 1 });
    flushFrame(1048);
    flushFrame(1064);
    expect(intents.filter((i) => i.type === 'view')).toEqual([]);
  });
});
