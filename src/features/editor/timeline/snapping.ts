import type { TimelineScene } from './types';

export interface SnapResult {
  /** Seconds to add to the moving edges. */
  delta: number;
  /** The time snapped to (drawn as a guide). */
  target: number;
}

/** Index of the value nearest to `t` in a sorted array, or -1 when empty. */
function nearestIndex(sorted: readonly number[], t: number): number {
  if (sorted.length === 0) return -1;
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  const prev = sorted[lo - 1];
  const here = sorted[lo] ?? Infinity;
  return prev !== undefined && Math.abs(prev - t) <= Math.abs(here - t) ? lo - 1 : lo;
}

/**
 * Nearest target to any of the moving edges, if within `thresholdPx` on screen. The threshold is
 * in pixels so snapping feels the same at every zoom.
 */
export function snapEdges(
  edges: readonly number[],
  targets: readonly number[],
  thresholdPx: number,
  pxPerSecond: number,
): SnapResult | null {
  let best: SnapResult | null = null;
  let bestPx = thresholdPx;
  for (const edge of edges) {
    const i = nearestIndex(targets, edge);
    const target = targets[i];
    if (target === undefined) continue;
    const px = Math.abs(target - edge) * pxPerSecond;
    if (px <= bestPx) {
      bestPx = px;
      best = { delta: target - edge, target };
    }
  }
  return best;
}

/**
 * Sorted snap targets near the view: edges of the words not being dragged, the playhead and
 * vocal onsets. Collected once when a drag starts.
 */
export function collectSnapTargets(
  scene: Pick<TimelineScene, 'items' | 'firstVisibleIndex' | 'view'>,
  exclude: ReadonlySet<string>,
  playheadTime: number | null,
  onsets: readonly number[] = [],
): number[] {
  const { view, items } = scene;
  const span = view.width / view.pxPerSecond;
  // One screen either side: the pointer may carry an edge that far during a drag.
  const from = view.startTime - span;
  const to = view.startTime + 2 * span;
  const out: number[] = [];
  for (let i = scene.firstVisibleIndex(from); i < items.count; i++) {
    const item = items.itemAt(i);
    if (item.start > to) break;
    if (exclude.has(item.key)) continue;
    out.push(item.start, item.end);
  }
  if (playheadTime !== null) out.push(playheadTime);
  for (const t of onsets) if (t >= from && t <= to) out.push(t);
  return out.sort((a, b) => a - b);
}
