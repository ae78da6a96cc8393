import { describe, expect, it } from 'vitest';
import {
  bucketSpans,
  densityHeight,
  dragOverview,
  formatClock,
  maxCount,
  overviewDuration,
  overviewKey,
  overviewTimeToX,
  overviewValueText,
  overviewXToTime,
  pressOverview,
  viewWindow,
  type OverviewSpans,
} from './overview-model';
import type { TimelineView } from './types';
import { DEFAULT_ZOOM_LIMITS, type ZoomLimits } from './viewport';

const spans = (list: ReadonlyArray<readonly [number, number]>) => {
  const source = {
    visits: 0,
    forEach(fn: (start: number, end: number) => void) {
      for (const [s, e] of list) {
        source.visits++;
        fn(s, e);
      }
    },
  };
  return source;
};

/** 100 s song; a 1000 px overview: 10 px per second. */
const DURATION = 100;
const WIDTH = 1000;
const limits: ZoomLimits = { ...DEFAULT_ZOOM_LIMITS, duration: DURATION };
/** 10 s in view (80 px/s on an 800 px canvas), starting at 20 s. */
const view: TimelineView = {
  startTime: 20,
  pxPerSecond: 80,
  width: 800,
  height: 200,
  devicePixelRatio: 1,
};

describe('bucketSpans', () => {
  it('counts every column a span touches', () => {
    // 10 columns of 1 s each
    const counts = bucketSpans(
      spans([
        [0, 1], // column 0 only (the end is the border)
        [0.5, 2.5], // columns 0..2
        [9.9, 10], // last column
        [4.2, 4.3], // column 4
      ]),
      10,
      10,
    );
    expect([...counts]).toEqual([2, 1, 1, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('clamps spans outside the song into the first and last column, skips non-finite ones', () => {
    const counts = bucketSpans(
      spans([
        [-3, -1],
        [12, 14],
        [NaN, 2],
        [1, Infinity],
        [3, 2], // end before start: its start column
      ]),
      5,
      10,
    );
    expect([...counts]).toEqual([1, 1, 0, 0, 1]);
  });

  it('visits each span once and agrees with a direct count at every column', () => {
    const list: [number, number][] = [];
    for (let i = 0; i < 5000; i++) {
      const start = (i * 7.31) % 3600;
      list.push([start, start + ((i * 13) % 40) / 10]);
    }
    const source = spans(list);
    const columns = 997;
    const counts = bucketSpans(source, columns, 3600);
    expect(source.visits).toBe(list.length);
    const direct = new Uint32Array(columns);
    for (const [s, e] of list) {
      const c0 = Math.floor((s * columns) / 3600);
      const c1 = Math.min(columns - 1, Math.max(c0, Math.ceil((e * columns) / 3600) - 1));
      for (let c = c0; c <= c1; c++) direct[c]! += 1;
    }
    expect([...counts]).toEqual([...direct]);
  });

  it('is empty for no columns or no duration', () => {
    const none: OverviewSpans = spans([[0, 1]]);
    expect(bucketSpans(none, 0, 10)).toHaveLength(0);
    expect([...bucketSpans(none, 3, 0)]).toEqual([0, 0, 0]);
  });
});

describe('density bars', () => {
  it('scales by the square root of the densest column, at least 1 px when not empty', () => {
    expect(maxCount(new Uint32Array([0, 4, 16, 1]))).toBe(16);
    expect(maxCount(new Uint32Array([0, 0]))).toBe(1);
    expect(densityHeight(16, 16, 30)).toBe(30);
    expect(densityHeight(4, 16, 30)).toBe(15);
    expect(densityHeight(1, 100_000, 30)).toBe(1);
    expect(densityHeight(0, 16, 30)).toBe(0);
  });
});

describe('x <-> time', () => {
  it('maps the whole song onto the width and clamps to it', () => {
    expect(overviewTimeToX(25, WIDTH, DURATION)).toBe(250);
    expect(overviewXToTime(250, WIDTH, DURATION)).toBe(25);
    expect(overviewXToTime(-10, WIDTH, DURATION)).toBe(0);
    expect(overviewXToTime(1200, WIDTH, DURATION)).toBe(DURATION);
    expect(overviewXToTime(10, 0, DURATION)).toBe(0);
  });

  it('uses the media duration, else the last word end, never under a second', () => {
    expect(overviewDuration(200, () => 50)).toBe(200);
    expect(overviewDuration(Infinity, () => 50)).toBe(50);
    expect(overviewDuration(0, () => 0)).toBe(1);
  });
});

describe('the view window', () => {
  it('covers the visible time', () => {
    expect(viewWindow(view, WIDTH, DURATION)).toEqual({ x: 200, width: 100 });
  });

  it('stays visible when the view is tiny on a long song, centred on it', () => {
    const tiny = { ...view, startTime: 1800, pxPerSecond: 2000 }; // 0.4 s of an hour
    const win = viewWindow(tiny, 1000, 3600);
    expect(win.width).toBe(4);
    expect(win.x + win.width / 2).toBeCloseTo(((1800 + 0.2) / 3600) * 1000);
  });
});

describe('press and drag', () => {
  it('a press outside the window centres the view there; a drag keeps it centred', () => {
    const press = pressOverview(view, 700, WIDTH, DURATION, limits); // 70 s
    expect(press.grabSeconds).toBe(5);
    expect(press.view.startTime).toBe(65);
    expect(press.view.pxPerSecond).toBe(80);
    const dragged = dragOverview(press.view, 500, press.grabSeconds, WIDTH, DURATION, limits);
    expect(dragged.startTime).toBe(45);
  });

  it('a press inside the window grabs it without a jump; a drag pans by the pointer travel', () => {
    const press = pressOverview(view, 230, WIDTH, DURATION, limits); // 23 s: 3 s into the view
    expect(press.view).toBe(view);
    expect(press.grabSeconds).toBeCloseTo(3);
    const dragged = dragOverview(view, 330, press.grabSeconds, WIDTH, DURATION, limits);
    expect(dragged.startTime).toBeCloseTo(30);
  });

  it('is clamped to the song like the timeline (at most half a screen past the end)', () => {
    const atEnd = pressOverview(view, 995, WIDTH, DURATION, limits);
    expect(atEnd.view.startTime).toBeCloseTo(94.5); // centred on 99.5 s
    // grabbed 2 s into the window and dragged to the very end: 98 s, clamped to 100 - 10 / 2
    expect(dragOverview(view, 1000, 2, WIDTH, DURATION, limits).startTime).toBe(95);
    const atStart = dragOverview(view, -50, 5, WIDTH, DURATION, limits);
    expect(atStart.startTime).toBe(0);
  });
});

describe('keys', () => {
  it('arrows and Page Up/Down pan by one screen; Home and End go to the ends', () => {
    expect(overviewKey(view, 'ArrowRight', DURATION, limits)?.startTime).toBe(30);
    expect(overviewKey(view, 'PageUp', DURATION, limits)?.startTime).toBe(30);
    expect(overviewKey(view, 'ArrowLeft', DURATION, limits)?.startTime).toBe(10);
    expect(overviewKey(view, 'PageDown', DURATION, limits)?.startTime).toBe(10);
    expect(overviewKey(view, 'Home', DURATION, limits)?.startTime).toBe(0);
    expect(overviewKey(view, 'End', DURATION, limits)?.startTime).toBe(90);
    expect(overviewKey({ ...view, startTime: 3 }, 'ArrowLeft', DURATION, limits)?.startTime).toBe(
      0,
    );
    expect(overviewKey(view, 'a', DURATION, limits)).toBeNull();
  });
});

describe('text', () => {
  it('says which part of the song is in view', () => {
    expect(formatClock(62.9)).toBe('1:02');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(-1)).toBe('0:00');
    expect(overviewValueText({ ...view, startTime: 62 }, 300)).toBe('View from 1:02 to 1:12');
    expect(overviewValueText({ ...view, startTime: 95 }, DURATION)).toBe('View from 1:35 to 1:40');
  });
});
