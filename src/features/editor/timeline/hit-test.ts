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
  'items' | 'firstVisibleIndex' | 'view' | 'laneMode' | 'laneCount' | 'singerLanes'
>;

/**
 * What is under (x, y) in CSS px. The box under the pointer wins: its edges within the edge zone
 * (at most a third of its width, so a narrow box keeps a body to move it by), else its body. In a
 * gap, the nearest edge within the zone, so words narrower than the zone can still be resized.
 * Two words of the same lane that touch (gap under a pixel) share one edge: a rolling edit.
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
  const near: TimelineItem[] = [];
  let inside: TimelineItem | null = null;
  for (let i = scene.firstVisibleIndex(time - zone); i < items.count; i++) {
    const item = items.itemAt(i);
    if (item.start > time + zone) break;
    if (
      item.end < time - zone ||
      laneOf(item, scene.laneMode, layout.laneCount, scene.singerLanes) !== lane
    )
      continue;
    near.push(item);
    // The later of overlapping boxes is drawn on top: it is the one the user sees.
    if (time >= item.start && time <= item.end) inside = item;
  }
  const px = (t: number) => (t - view.startTime) * pps;
  let item: TimelineItem | null = inside;
  let part: HitPart | null = null;
  if (inside) {
    const edge = Math.min(edgeZonePx, ((inside.end - inside.start) * pps) / 3);
    const dStart = Math.abs(x - px(inside.start));
    const dEnd = Math.abs(x - px(inside.end));
    part = dStart <= edge && dStart <= dEnd ? 'start-edge' : dEnd <= edge ? 'end-edge' : 'body';
  } else {
    let best = edgeZonePx;
    for (const it of near) {
      const dStart = Math.abs(x - px(it.start));
      const dEnd = Math.abs(x - px(it.end));
      if (dStart <= best) [best, item, part] = [dStart, it, 'start-edge'];
      if (dEnd <= best) [best, item, part] = [dEnd, it, 'end-edge'];
    }
  }
  if (!item || !part) return null;
  if (part !== 'body') {
    const edgeTime = part === 'start-edge' ? item.start : item.end;
    const touching = near.find(
      (other) =>
        other !== item &&
        Math.abs(((part === 'start-edge' ? other.end : other.start) - edgeTime) * pps) < 1,
    );
    if (touching) {
      const [left, right] = part === 'start-edge' ? [touching, item] : [item, touching];
      return {
        key: left.key,
        part: 'shared-edge',
        nextKey: right.key,
        item: left,
        nextItem: right,
      };
    }
  }
  return { key: item.key, part, item };
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
