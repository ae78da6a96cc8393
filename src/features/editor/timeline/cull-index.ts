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

/** Items per block of `createSkipIndex` (the timing core's chunk size). */
const SKIP_BLOCK = 128;

/**
 * `TimelineScene.skipTo` over any sorted items: per block of 128 the longest duration, so a jump
 * passes whole blocks of short words by one read each and searches the block where it ends.
 * Built once per items version: O(n), 8 bytes per 128 items. (The page's scene does the same on
 * the document's own chunks, cached per chunk: page/timeline-scene.ts.)
 */
export function createSkipIndex(items: TimelineItems) {
  const blocks = Math.ceil(items.count / SKIP_BLOCK);
  const maxDuration = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let max = 0;
    const end = Math.min(items.count, (b + 1) * SKIP_BLOCK);
    for (let i = b * SKIP_BLOCK; i < end; i++) {
      const item = items.itemAt(i);
      if (item.end - item.start > max) max = item.end - item.start;
    }
    maxDuration[b] = max;
  }
  return {
    skipTo(from: number, time: number, pxPerSecond: number): number {
      let i = from;
      for (let b = Math.floor(from / SKIP_BLOCK); b < blocks; b++) {
        if ((maxDuration[b] ?? Infinity) * pxPerSecond >= 1) return i;
        const end = Math.min(items.count, (b + 1) * SKIP_BLOCK);
        if (items.itemAt(end - 1).start < time) {
          i = end;
          continue;
        }
        let lo = i;
        let hi = end - 1;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (items.itemAt(mid).start < time) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      }
      return i;
    },
  };
}
