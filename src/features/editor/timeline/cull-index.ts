import type { TimelineItems } from './types';

/**
 * Finds the first item that can reach into a view starting at `time`. Items are sorted by start,
 * but a long item that starts before the view may still cover it, so we binary-search a running
 * maximum of `end` (non-decreasing by construction) instead of `start`. Built once per items
 * version: O(n) time, 8 bytes per item.
 */
export interface CullIndex {
  firstVisibleIndex(time: number): number;
}

export function createCullIndex(items: TimelineItems): CullIndex {
  const maxEnd = new Float64Array(items.count);
  let running = -Infinity;
  for (let i = 0; i < items.count; i++) {
    const end = items.itemAt(i).end;
    if (end > running) running = end;
    maxEnd[i] = running;
  }
  return {
    firstVisibleIndex(time: number): number {
      let lo = 0;
      let hi = maxEnd.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((maxEnd[mid] ?? Infinity) < time) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

/** First index whose start is >= `time` (items sorted by start). */
export function lowerBoundByStart(items: TimelineItems, time: number): number {
  let lo = 0;
  let hi = items.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items.itemAt(mid).start < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adapts a plain sorted array. */
export function arrayItems<T extends { start: number }>(array: readonly T[]) {
  return {
    count: array.length,
    itemAt: (i: number): T => array[i] as T,
  };
}
