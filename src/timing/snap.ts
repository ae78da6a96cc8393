import type { AlignmentItem } from '../contract';
import { forEachItem, visibleRange, type TimingDoc } from './doc';
import { keyOf } from './item-key';
import { pxToSeconds } from './viewport';

export interface SnapOptions {
  thresholdPx: number;
  pxPerSecond: number;
  /** Edges of these keys are ignored (the words being dragged). */
  exclude?: ReadonlySet<string>;
  playhead?: number;
  gridStep?: number;
  onsets?: readonly number[];
}

export interface SnapResult {
  time: number;
  /** The target snapped to, or null when no target was within the threshold. */
  target: number | null;
}

/** Snaps `t` to the nearest target within `thresholdPx` at the given zoom. */
export function snapTime(
  t: number,
  targets: Iterable<number>,
  thresholdPx: number,
  pxPerSecond: number,
): SnapResult {
  const limit = pxToSeconds(thresholdPx, pxPerSecond);
  let best: number | null = null;
  for (const x of targets) {
    if (Math.abs(x - t) <= limit && (best === null || Math.abs(x - t) < Math.abs(best - t)))
      best = x;
  }
  return { time: best ?? t, target: best };
}

/** Word edges near `t`, the playhead, the grid line and onsets near `t`. */
export function snapTargets(doc: TimingDoc, t: number, options: SnapOptions): number[] {
  const limit = pxToSeconds(options.thresholdPx, options.pxPerSecond);
  const out: number[] = [];
  const { from, to } = visibleRange(doc, t - limit, t + limit);
  forEachItem(doc, from, to, (item: AlignmentItem) => {
    if (options.exclude?.has(keyOf(item))) return;
    out.push(item.start, item.end);
  });
  if (options.playhead !== undefined) out.push(options.playhead);
  if (options.gridStep) out.push(Math.round(t / options.gridStep) * options.gridStep);
  for (const onset of options.onsets ?? []) if (Math.abs(onset - t) <= limit) out.push(onset);
  return out;
}

export function snapInDoc(doc: TimingDoc, t: number, options: SnapOptions): SnapResult {
  return snapTime(t, snapTargets(doc, t, options), options.thresholdPx, options.pxPerSecond);
}
