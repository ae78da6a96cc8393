import type { TimelineView } from './types';
import { clampView, scrollBy, visibleEndTime, type ZoomLimits } from './viewport';

/**
 * The overview (minimap) maths: the whole song mapped onto `width` CSS px, words bucketed per
 * column, the view as a window, and what a press, drag or key does to the view. Pure: the
 * component (overview.tsx) only feeds it.
 */

/** Visits spans (seconds). Identity matters: the component rebuckets only when it changes. */
export interface OverviewSpans {
  forEach: (fn: (start: number, end: number) => void) => void;
  /**
   * These spans are `from` minus `removed` plus `added` (an edit): counts bucketed for `from`
   * are updated with the few changed spans instead of bucketing every word again.
   */
  delta?: { from: OverviewSpans; removed: OverviewSpans; added: OverviewSpans } | undefined;
}

/** What the page gives the overview; read every frame, so return the same objects until they change. */
export interface OverviewSource {
  /** Every word: changes identity only when the document changed. */
  spans: OverviewSpans;
  /** Words with problems: changes identity when the problems (or the words) changed. */
  problems: OverviewSpans;
  /** Words the sync is unsure of (absent: none): changes identity when they changed. */
  uncertain?: OverviewSpans;
  /** Latest word end, used while the media duration is unknown (called only then). */
  extent: () => number;
}

/** The span the overview shows: the media duration, else the last word's end, never under 1 s. */
export function overviewDuration(duration: number, extent: () => number): number {
  if (Number.isFinite(duration) && duration > 0) return duration;
  const end = extent();
  return Number.isFinite(end) && end > 1 ? end : 1;
}

export const overviewTimeToX = (t: number, width: number, duration: number): number =>
  (t / duration) * width;

/** The time under x, clamped to the song. */
export const overviewXToTime = (x: number, width: number, duration: number): number =>
  width > 0 ? Math.min(duration, Math.max(0, (x / width) * duration)) : 0;

/**
 * How many spans touch each of `columns` equal slices of [0, duration]: one pass over the spans
 * plus one over the columns (a difference array), whatever the spans' lengths. Spans outside the
 * song count in the first or last column; spans with non-finite times are skipped.
 */
export function bucketSpans(spans: OverviewSpans, columns: number, duration: number): Uint32Array {
  const n = Math.max(0, Math.floor(columns));
  const out = new Uint32Array(n);
  if (n === 0 || !(duration > 0)) return out;
  const diff = new Int32Array(n + 1);
  addSpans(diff, spans, n, duration, 1);
  let running = 0;
  for (let c = 0; c < n; c++) {
    running += diff[c] as number;
    out[c] = running;
  }
  return out;
}

/** Adds `sign` to the difference array over the columns each span touches. */
function addSpans(
  diff: Int32Array,
  spans: OverviewSpans,
  n: number,
  duration: number,
  sign: 1 | -1,
) {
  const scale = n / duration;
  const last = n - 1;
  spans.forEach((start, end) => {
    if (!Number.isFinite(start) || !Number.isFinite(end)) return;
    const c0 = Math.min(last, Math.max(0, Math.floor(start * scale)));
    const c1 = Math.min(last, Math.max(c0, Math.ceil(Math.max(start, end) * scale) - 1));
    (diff[c0] as number) += sign;
    (diff[c1 + 1] as number) -= sign;
  });
}

/** The counts of `bucketSpans(spans)` from the counts of `delta.from`: reads only the changed spans. */
export function rebucketSpans(
  counts: Uint32Array,
  delta: NonNullable<OverviewSpans['delta']>,
  duration: number,
): Uint32Array {
  const n = counts.length;
  const out = counts.slice();
  if (n === 0 || !(duration > 0)) return out;
  const diff = new Int32Array(n + 1);
  addSpans(diff, delta.removed, n, duration, -1);
  addSpans(diff, delta.added, n, duration, 1);
  let running = 0;
  for (let c = 0; c < n; c++) {
    running += diff[c] as number;
    if (running !== 0) out[c] = (out[c] as number) + running;
  }
  return out;
}

/** Largest value (1 at least, so heights never divide by zero). */
export function maxCount(counts: Uint32Array): number {
  let max = 1;
  for (const c of counts) if (c > max) max = c;
  return max;
}

/** Bar height of a column: square root scale, so a single word next to a dense chorus still shows. */
export function densityHeight(count: number, max: number, height: number): number {
  if (count <= 0) return 0;
  return Math.max(1, Math.round(Math.sqrt(count / max) * height));
}

/** The view as a window on the overview (CSS px), at least `minWidth` wide so it stays visible. */
export function viewWindow(
  view: Pick<TimelineView, 'startTime' | 'pxPerSecond' | 'width'>,
  width: number,
  duration: number,
  minWidth = 4,
): { x: number; width: number } {
  const x0 = overviewTimeToX(view.startTime, width, duration);
  const x1 = overviewTimeToX(visibleEndTime(view), width, duration);
  const w = Math.max(minWidth, x1 - x0);
  return { x: x1 - x0 < minWidth ? (x0 + x1) / 2 - w / 2 : x0, width: w };
}

/**
 * A press at x: inside the window it grabs the window where it was pressed (a drag pans); outside,
 * the window jumps to centre on x. Returns the view after the press and the grab offset (seconds
 * from the view's start to the pointer) that later moves keep.
 */
export function pressOverview<V extends TimelineView>(
  view: V,
  x: number,
  width: number,
  duration: number,
  limits: ZoomLimits,
): { view: V; grabSeconds: number } {
  const t = overviewXToTime(x, width, duration);
  const span = visibleEndTime(view) - view.startTime;
  const win = viewWindow(view, width, duration);
  if (x >= win.x && x <= win.x + win.width) {
    return { view, grabSeconds: Math.min(span, Math.max(0, t - view.startTime)) };
  }
  const grabSeconds = span / 2;
  return { view: moveWindowTo(view, t, grabSeconds, limits), grabSeconds };
}

/** A drag to x keeps the grabbed point of the window under the pointer. */
export function dragOverview<V extends TimelineView>(
  view: V,
  x: number,
  grabSeconds: number,
  width: number,
  duration: number,
  limits: ZoomLimits,
): V {
  return moveWindowTo(view, overviewXToTime(x, width, duration), grabSeconds, limits);
}

function moveWindowTo<V extends TimelineView>(
  view: V,
  time: number,
  grabSeconds: number,
  limits: ZoomLimits,
): V {
  return clampView({ ...view, startTime: time - grabSeconds }, limits);
}

/**
 * Keys of the overview slider (as an ARIA slider: right/up/Page Up increase): arrows and Page
 * Up/Down pan by one screen, Home/End go to the ends.
 * Null: not ours (the key goes on to the editor).
 */
export function overviewKey<V extends TimelineView>(
  view: V,
  key: string,
  duration: number,
  limits: ZoomLimits,
): V | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
    case 'PageDown':
      return scrollBy(view, -view.width, limits);
    case 'ArrowRight':
    case 'ArrowUp':
    case 'PageUp':
      return scrollBy(view, view.width, limits);
    case 'Home':
      return clampView({ ...view, startTime: 0 }, limits);
    case 'End': {
      const span = visibleEndTime(view) - view.startTime;
      return clampView({ ...view, startTime: Math.max(0, duration - span) }, limits);
    }
    default:
      return null;
  }
}

/** `m:ss`, rounded down to the second (`1:02`). */
export function formatClock(seconds: number): string {
  const t = Math.max(0, Number.isFinite(seconds) ? Math.floor(seconds) : 0);
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}

/** The slider's aria-valuetext: "View from 1:02 to 1:14". */
export function overviewValueText(
  view: Pick<TimelineView, 'startTime' | 'pxPerSecond' | 'width'>,
  duration: number,
): string {
  const end = Math.min(duration, visibleEndTime(view));
  return `View from ${formatClock(view.startTime)} to ${formatClock(Math.max(view.startTime, end))}`;
}
