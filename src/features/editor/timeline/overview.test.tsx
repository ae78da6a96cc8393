import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecordingContext, stubElementBox } from './fake-context';
import { TimelineOverview } from './overview';
import type { OverviewSource } from './overview-model';
import { DARK_OVERVIEW_COLORS } from './overview-render';
import type { TimelineView } from './types';
import { DEFAULT_ZOOM_LIMITS } from './viewport';

let frames: FrameRequestCallback[] = [];
const flushFrame = () =>
  act(() => {
    const queue = frames;
    frames = [];
    queue.forEach((cb) => cb(performance.now()));
  });
const contexts = new Map<HTMLCanvasElement, ReturnType<typeof createRecordingContext>>();

beforeEach(() => {
  frames = [];
  contexts.clear();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let ctx = contexts.get(this);
    if (!ctx) contexts.set(this, (ctx = createRecordingContext()));
    return ctx as unknown as CanvasRenderingContext2D;
  });
  stubElementBox(1000, 40);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** 100 words over a 100 s song on a 1000 px strip (10 px per second); 10 s in view at 20 s. */
function mount() {
  let visits = 0;
  const makeSource = (): OverviewSource => ({
    spans: {
      forEach(fn) {
        for (let i = 0; i < 100; i++) {
          visits++;
          fn(i, i + 0.5);
        }
      },
    },
    problems: { forEach: (fn) => fn(42, 42.5) },
    extent: () => 100,
  });
  let source = makeSource();
  let view: TimelineView = {
    startTime: 20,
    pxPerSecond: 80,
    width: 800,
    height: 200,
    devicePixelRatio: 1,
  };
  let playhead: number | null = 25;
  const views: TimelineView[] = [];
  render(
    <TimelineOverview
      getSource={() => source}
      getView={() => view}
      onView={(next) => {
        views.push(next);
        view = next;
      }}
      getPlayheadTime={() => playhead}
      zoomLimits={{ ...DEFAULT_ZOOM_LIMITS, duration: 100 }}
    />,
  );
  const slider = screen.getByRole('slider', { name: 'Song overview' });
  // The recording context of each canvas, created on its first frame.
  const recorded = (index: number) => contexts.get(slider.querySelectorAll('canvas')[index]!)!;
  return {
    slider,
    base: () => recorded(0),
    overlay: () => recorded(1),
    visits: () => visits,
    views,
    setView: (next: Partial<TimelineView>) => (view = { ...view, ...next }),
    setPlayhead: (t: number | null) => (playhead = t),
    newSource: () => (source = makeSource()),
  };
}

describe('TimelineOverview', () => {
  it('is a named slider whose value says which part of the song is in view', () => {
    const o = mount();
    flushFrame();
    expect(o.slider.getAttribute('aria-valuemin')).toBe('0');
    expect(o.slider.getAttribute('aria-valuemax')).toBe('100');
    expect(o.slider.getAttribute('aria-valuenow')).toBe('20');
    expect(o.slider.getAttribute('aria-valuetext')).toBe('View from 0:20 to 0:30');
    o.setView({ startTime: 62 });
    flushFrame();
    expect(o.slider.getAttribute('aria-valuetext')).toBe('View from 1:02 to 1:12');
  });

  it('buckets the words once per source, not per frame nor per view change', () => {
    const o = mount();
    flushFrame();
    flushFrame();
    expect(o.visits()).toBe(100);
    o.setView({ startTime: 50 });
    o.setPlayhead(60);
    flushFrame();
    flushFrame();
    expect(o.visits()).toBe(100);
    o.newSource(); // the document changed
    flushFrame();
    expect(o.visits()).toBe(200);
  });

  it('draws the density, the problem mark, the window and the playhead', () => {
    const o = mount();
    flushFrame();
    const base = o.base().calls.filter((c) => c.op === 'fillRect');
    // one word per second, half a second long: 5 px of every 10 px column run has a bar
    expect(base.filter((c) => c.fillStyle === DARK_OVERVIEW_COLORS.density)).toHaveLength(100);
    expect(base.filter((c) => c.fillStyle === DARK_OVERVIEW_COLORS.problem)).toEqual([
      expect.objectContaining({ args: [420, 0, 5, expect.any(Number) as number] }),
    ]);
    const overlay = o.overlay().calls;
    expect(overlay).toContainEqual(
      expect.objectContaining({ op: 'fillRect', args: [200, 0, 100, 40] }),
    );
    expect(overlay).toContainEqual(
      expect.objectContaining({
        op: 'fillRect',
        args: [249, 0, 2, 40],
        fillStyle: DARK_OVERVIEW_COLORS.playhead,
      }),
    );
    // the playhead is read every frame: a new time redraws only the overlay
    const baseCalls = o.base().calls.length;
    o.setPlayhead(70);
    flushFrame();
    expect(o.overlay().calls).toContainEqual(
      expect.objectContaining({ args: [699, 0, 2, 40], fillStyle: DARK_OVERVIEW_COLORS.playhead }),
    );
    expect(o.base().calls).toHaveLength(baseCalls);
  });

  it('a press centres the view on the pointer and a drag pans it', () => {
    const o = mount();
    flushFrame();
    fireEvent.pointerDown(o.slider, { clientX: 700, clientY: 20, button: 0, pointerId: 1 });
    expect(o.views.at(-1)?.startTime).toBe(65);
    fireEvent.pointerMove(o.slider, { clientX: 500, clientY: 20, pointerId: 1 });
    expect(o.views.at(-1)?.startTime).toBe(45);
    fireEvent.pointerUp(o.slider, { clientX: 500, clientY: 20, pointerId: 1 });
    const count = o.views.length;
    fireEvent.pointerMove(o.slider, { clientX: 100, clientY: 20, pointerId: 1 });
    expect(o.views).toHaveLength(count); // released: hovering does not pan
  });

  it('grabbing the window pans without a jump', () => {
    const o = mount();
    flushFrame();
    fireEvent.pointerDown(o.slider, { clientX: 250, clientY: 20, button: 0, pointerId: 1 });
    expect(o.views).toEqual([]);
    fireEvent.pointerMove(o.slider, { clientX: 300, clientY: 20, pointerId: 1 });
    expect(o.views.at(-1)?.startTime).toBeCloseTo(25);
  });

  it('arrow keys pan by a screen; other keys are left to the editor', () => {
    const o = mount();
    flushFrame();
    expect(fireEvent.keyDown(o.slider, { key: 'ArrowRight' })).toBe(false); // handled
    expect(o.views.at(-1)?.startTime).toBe(30);
    fireEvent.keyDown(o.slider, { key: 'Home' });
    expect(o.views.at(-1)?.startTime).toBe(0);
    const count = o.views.length;
    expect(fireEvent.keyDown(o.slider, { key: 'ArrowLeft' })).toBe(false); // at 0 already
    expect(fireEvent.keyDown(o.slider, { key: 's', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(o.slider, { key: 'ArrowRight', ctrlKey: true })).toBe(true);
    expect(o.views).toHaveLength(count);
  });
});
