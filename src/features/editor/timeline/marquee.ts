import type { MarqueeRect } from './intents';
import { laneAtY, laneLayout, laneOf } from './layout';
import type { TimelineScene } from './types';

type MarqueeScene = Pick<
  TimelineScene,
  'items' | 'firstVisibleIndex' | 'view' | 'laneMode' | 'laneCount' | 'singerLanes'
>;

/** Keys of the items whose box intersects the rectangle (CSS px), in start order. */
export function keysInRect(scene: MarqueeScene, rect: MarqueeRect): string[] {
  const { view, items } = scene;
  const layout = laneLayout(view, scene.laneCount);
  const t0 = view.startTime + Math.min(rect.x0, rect.x1) / view.pxPerSecond;
  const t1 = view.startTime + Math.max(rect.x0, rect.x1) / view.pxPerSecond;
  const yTop = Math.max(Math.min(rect.y0, rect.y1), layout.top);
  const yBottom = Math.max(rect.y0, rect.y1);
  const firstLane = laneAtY(yTop, layout);
  const lastLane = laneAtY(
    Math.min(yBottom, layout.top + layout.laneCount * layout.laneHeight - 1e-6),
    layout,
  );
  if (firstLane < 0 || lastLane < 0 || yBottom < layout.top) return [];
  const keys: string[] = [];
  for (let i = scene.firstVisibleIndex(t0); i < items.count; i++) {
    const item = items.itemAt(i);
    if (item.start > t1) break;
    if (item.end < t0) continue;
    const lane = laneOf(item, scene.laneMode, layout.laneCount, scene.singerLanes);
    if (lane >= firstLane && lane <= lastLane) keys.push(item.key);
  }
  return keys;
}
