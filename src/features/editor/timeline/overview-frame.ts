import type { Canvas2D } from './canvas-context';
import {
  bucketSpans,
  maxCount,
  overviewDuration,
  overviewTimeToX,
  overviewValueText,
  rebucketSpans,
  viewWindow,
  type OverviewSource,
} from './overview-model';
import { renderOverviewBase, renderOverviewOverlay, type OverviewColors } from './overview-render';
import type { TimelineView } from './types';
import type { CanvasSize } from './use-canvas-size';

/** The overview's counts per CSS-px column, and which source objects they were made from. */
export interface Buckets {
  spans: unknown;
  problemSpans: unknown;
  uncertainSpans: unknown;
  columns: number;
  duration: number;
  density: Uint32Array;
  max: number;
  problems: Uint32Array;
  uncertain: Uint32Array;
}

/**
 * The counts for `source` at `columns` over `duration`, made again only for what changed: the
 * words (after an edit only the changed ones, from the source's delta), the problems, the
 * uncertain words, the width or the song's length. `changed`: the base needs a redraw.
 */
export function updateBuckets(
  buckets: Buckets | null,
  source: OverviewSource,
  columns: number,
  duration: number,
): { buckets: Buckets; changed: boolean } {
  const sameShape = buckets?.columns === columns && buckets.duration === duration;
  let changed = false;
  let next = buckets;
  if (!next || !sameShape || next.spans !== source.spans) {
    const delta = source.spans.delta;
    const density =
      next && sameShape && delta && delta.from === next.spans
        ? rebucketSpans(next.density, delta, duration)
        : bucketSpans(source.spans, columns, duration);
    next = {
      spans: source.spans,
      problemSpans: null,
      uncertainSpans: null,
      columns,
      duration,
      density,
      max: maxCount(density),
      problems: next?.problems ?? new Uint32Array(0),
      uncertain: next?.uncertain ?? new Uint32Array(0),
    };
    changed = true;
  }
  if (next.problemSpans !== source.problems) {
    next.problems = bucketSpans(source.problems, columns, duration);
    next.problemSpans = source.problems;
    changed = true;
  }
  if (next.uncertainSpans !== (source.uncertain ?? null)) {
    next.uncertain = source.uncertain
      ? bucketSpans(source.uncertain, columns, duration)
      : new Uint32Array(0);
    next.uncertainSpans = source.uncertain ?? null;
    changed = true;
  }
  return { buckets: next, changed };
}

/** What the overview reads each frame. */
export interface OverviewInputs {
  source: OverviewSource;
  view: TimelineView;
  playheadTime: number | null;
  /** The song's length (Infinity while unknown: the last word's end). */
  songDuration: number;
  colors: OverviewColors;
}

/** The slider's values for assistive technology. */
export interface OverviewAria {
  max: number;
  now: number;
  text: string;
}

/**
 * The overview's frames without React: the base (density, problems, uncertain words) redrawn
 * only when its counts or size changed, the overlay (view window, playhead) only when they moved,
 * the slider's values only when the view or the length changed.
 */
export class OverviewFrames {
  private buckets: Buckets | null = null;
  private last = { start: NaN, pps: NaN, width: NaN, time: NaN as number | null, duration: NaN };
  private sized = true;

  /** The canvases were resized: the base is drawn again. */
  resized(): void {
    this.sized = true;
  }

  frame(
    bctx: Canvas2D,
    octx: Canvas2D,
    size: CanvasSize,
    inputs: OverviewInputs,
    setAria: (aria: OverviewAria) => void,
  ): void {
    const { source, view, playheadTime: time, colors } = inputs;
    const duration = overviewDuration(inputs.songDuration, source.extent);
    const columns = Math.max(1, Math.floor(size.width));
    const update = updateBuckets(this.buckets, source, columns, duration);
    this.buckets = update.buckets;
    if (update.changed || this.sized) {
      this.sized = false;
      renderOverviewBase(bctx, { ...size, ...update.buckets, colors });
      this.last = { ...this.last, start: NaN }; // the overlay's canvas may have been resized too
    }
    const last = this.last;
    const moved =
      view.startTime !== last.start ||
      view.pxPerSecond !== last.pps ||
      view.width !== last.width ||
      duration !== last.duration;
    if (!moved && time === last.time) return;
    if (moved) {
      setAria({
        max: Math.round(duration),
        now: Math.round(view.startTime * 10) / 10,
        text: overviewValueText(view, duration),
      });
    }
    this.last = { start: view.startTime, pps: view.pxPerSecond, width: view.width, time, duration };
    renderOverviewOverlay(octx, {
      ...size,
      window: viewWindow(view, size.width, duration),
      playheadX: time === null ? null : overviewTimeToX(time, size.width, duration),
      colors,
    });
  }
}
