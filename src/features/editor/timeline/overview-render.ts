import type { Canvas2D } from './canvas-context';
import { DARK_TIMELINE_COLORS } from './colors';
import { densityHeight } from './overview-model';

export interface OverviewColors {
  background: string;
  density: string;
  problem: string;
  /** Marks of the words the sync is unsure of (absent: amber). */
  uncertain?: string;
  window: string;
  windowEdge: string;
  playhead: string;
}

export const DARK_OVERVIEW_COLORS: OverviewColors = {
  background: DARK_TIMELINE_COLORS.background,
  density: DARK_TIMELINE_COLORS.itemEdge,
  problem: DARK_TIMELINE_COLORS.problem,
  uncertain: DARK_TIMELINE_COLORS.uncertain,
  window: 'rgba(255, 255, 255, 0.14)',
  windowEdge: 'rgba(255, 255, 255, 0.75)',
  playhead: DARK_TIMELINE_COLORS.playhead,
};

/** Problem marks: a strip along the top of the column. */
export const PROBLEM_MARK_HEIGHT = 5;

export interface OverviewBase {
  width: number;
  height: number;
  devicePixelRatio: number;
  /** Words per column (one column per CSS px). */
  density: Uint32Array;
  /** The densest column's count. */
  max: number;
  /** Problem words per column. */
  problems: Uint32Array;
  /** Uncertain words per column (absent: none). */
  uncertain?: Uint32Array;
  colors: OverviewColors;
}

/** Uncertain marks: a strip along the bottom of the column, over the density bars. */
export const UNCERTAIN_MARK_HEIGHT = 3;

/**
 * The static layer: density bars from the bottom, problem marks along the top. One fillRect per
 * non-empty column at most (runs of equal bars are merged), whatever the number of words.
 */
export function renderOverviewBase(ctx: Canvas2D, o: OverviewBase): void {
  ctx.setTransform(o.devicePixelRatio, 0, 0, o.devicePixelRatio, 0, 0);
  ctx.fillStyle = o.colors.background;
  ctx.fillRect(0, 0, o.width, o.height);
  const room = o.height - PROBLEM_MARK_HEIGHT - 1;
  ctx.fillStyle = o.colors.density;
  forRuns(
    o.density.length,
    (c) => densityHeight(o.density[c] ?? 0, o.max, room),
    (x, w, h) => {
      if (h > 0) ctx.fillRect(x, o.height - h, w, h);
    },
  );
  ctx.fillStyle = o.colors.problem;
  forRuns(
    o.problems.length,
    (c) => ((o.problems[c] ?? 0) > 0 ? 1 : 0),
    (x, w, on) => {
      // A lone problem column is widened to 2 px so it can be seen.
      if (on) ctx.fillRect(w === 1 ? x - 0.5 : x, 0, Math.max(2, w), PROBLEM_MARK_HEIGHT);
    },
  );
  const uncertain = o.uncertain;
  if (!uncertain || uncertain.length === 0) return;
  ctx.fillStyle = o.colors.uncertain ?? '#ffb224';
  forRuns(
    uncertain.length,
    (c) => ((uncertain[c] ?? 0) > 0 ? 1 : 0),
    (x, w, on) => {
      const y = o.height - UNCERTAIN_MARK_HEIGHT;
      if (on) ctx.fillRect(w === 1 ? x - 0.5 : x, y, Math.max(2, w), UNCERTAIN_MARK_HEIGHT);
    },
  );
}

/** Calls draw(x, width, value) once per run of columns with the same value. */
function forRuns(
  n: number,
  value: (column: number) => number,
  draw: (x: number, width: number, value: number) => void,
): void {
  let runStart = 0;
  let runValue = n > 0 ? value(0) : 0;
  for (let c = 1; c <= n; c++) {
    const v = c < n ? value(c) : NaN;
    if (v === runValue) continue;
    draw(runStart, c - runStart, runValue);
    runStart = c;
    runValue = v;
  }
}

export interface OverviewOverlay {
  width: number;
  height: number;
  devicePixelRatio: number;
  /** The view as a window (CSS px). */
  window: { x: number; width: number };
  /** Playhead x (CSS px), or null. */
  playheadX: number | null;
  colors: OverviewColors;
}

/** The moving layer: the view window and the playhead (a few rects, redrawn when they move). */
export function renderOverviewOverlay(ctx: Canvas2D, o: OverviewOverlay): void {
  ctx.setTransform(o.devicePixelRatio, 0, 0, o.devicePixelRatio, 0, 0);
  ctx.clearRect(0, 0, o.width, o.height);
  const { x, width } = o.window;
  ctx.fillStyle = o.colors.window;
  ctx.fillRect(x, 0, width, o.height);
  ctx.strokeStyle = o.colors.windowEdge;
  ctx.lineWidth = 1;
  ctx.strokeRect(Math.round(x) + 0.5, 0.5, Math.max(1, Math.round(width) - 1), o.height - 1);
  if (o.playheadX !== null && o.playheadX >= -1 && o.playheadX <= o.width + 1) {
    ctx.fillStyle = o.colors.playhead;
    ctx.fillRect(Math.round(o.playheadX) - 1, 0, 2, o.height);
  }
}
