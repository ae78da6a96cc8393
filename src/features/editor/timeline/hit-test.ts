import { laneAtY, laneLayout, laneOf } from './layout';
import type { TimelineItem, TimelineScene } from './types';

/** Edge grab zone in CSS px, the same at every zoom (as peaks.js does). */
export const EDGE_ZONE_PX = 6;

export type HitPart = 'body' | 'start-edge' | 'end-edge' | 'shared-edge';

export interface Hit {
  key: string;
  part: HitPart;
  /** For 'shared-edge': `key` ends where `nextKey` starts. */
  nextKey?: string;
  item: TimelineItem;
  nextItem?: TimelineItem;
}

type HitScene = Pick<
  TimelineScene,
  'items' | 'firstVisibleIndex' | 'view' | 'laneMode' | 'laneCount'
>;

/**
 * What is under (x, y) in CSS px. Edges win over bodies, but a box narrower than two edge zones
 * keeps a body in its middle third so it can still be moved. Two words of the same lane that touch
 * (gap under a pixel) share one edge: a rolling edit.
 */
export function hitTest(
  scene: HitScene,
  x: number,
  y: number,
  edgeZonePx = EDGE_ZONE_PX,
): Hit | null {
  const { view, items } = scene;
  const layout = laneLayout(view, scene.laneCount);
  const lane = laneAtY(y, layout);
  if (lane < 0) return null;
  const pps = view.pxPerSecond;
  const time = view.startTime + x / pps;
  const zone = edgeZonePx / pps;
  // Candidates: every item of this lane within an edge zone of the pointer.
  let best: { item: TimelineItem; part: HitPart; dist: number } | null = null;
  let endingHere: TimelineItem | null = null;
  let endingDist = Infinity;
  let startingHere: TimelineItem | null = null;
  let startingDist = Infinity;
  for (let i = scene.firstVisibleIndex(time - zone); i < items.count; i++) {
    const item = items.itemAt(i);
    if (item.start > time + zone) break;
    if (item.end < time - zone || laneOf(item, scene.laneMode, layout.laneCount) !== lane) continue;
    const widthPx = (item.end - item.start) * pps;
    const edge = Math.min(edgeZonePx, widthPx / 3);
    const dStart = Math.abs(x - (item.start - view.startTime) * pps);
    const dEnd = Math.abs(x - (item.end - view.startTime) * pps);
    const inside = time >= item.start && time <= item.end;
    let part: HitPart | null = null;
    let dist = Infinity;
    if (dStart <= edge && dStart <= dEnd) {
      part = 'start-edge';
      dist = dStart;
    } else if (dEnd <= edge) {
      part = 'end-edge';
      dist = dEnd;
    } else if (inside) {
      part = 'body';
      dist = edgeZonePx + 1;
    } else if (dStart <= edgeZonePx || dEnd <= edgeZonePx) {
      // Just outside a tiny box: still its edge, so sub-zone words can be resized.
      part = dStart <= dEnd ? 'start-edge' : 'end-edge';
      dist = Math.min(dStart, dEnd);
    }
    if (dEnd <= edgeZonePx && dEnd < endingDist) {
      endingHere = item;
      endingDist = dEnd;
    }
    if (dStart <= edgeZonePx && dStart < startingDist) {
      startingHere = item;
      startingDist = dStart;
    }
    if (part && (!best || dist < best.dist)) best = { item, part, dist };
  }
  if (!best) return null;
  if (endingHere && startingHere && endingHere !== startingHere) {
    const gapPx = (startingHere.start - endingHere.end) * pps;
    if (Math.abs(gapPx) < 1) {
      return {
        key: endingHere.key,
        part: 'shared-edge',
        nextKey: startingHere.key,
        item: endingHere,
        nextItem: startingHere,
      };
    }
  }
  return { key: best.item.key, part: best.part, item: best.item };
}

/** CSS cursor for a hit: what a pointer-down there would do. */
export function cursorFor(hit: Hit | null): string {
  if (!hit) return 'default';
  switch (hit.part) {
    case 'body':
      return 'grab';
    case 'start-edge':
    case 'end-edge':
      return 'ew-resize';
    case 'shared-edge':
      return 'col-resize';
  }
}
