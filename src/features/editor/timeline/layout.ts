import type { LaneMode, Rect, TimelineItem, TimelineView } from './types';

export const RULER_HEIGHT = 24;
/** Boxes leave a gap between lanes so adjacent rows read as separate. */
const LANE_PADDING = 3;

export interface LaneLayout {
  top: number;
  laneHeight: number;
  laneCount: number;
}

export function laneLayout(view: Pick<TimelineView, 'height'>, laneCount: number): LaneLayout {
  const count = Math.max(1, laneCount);
  return {
    top: RULER_HEIGHT,
    laneHeight: Math.max(8, (view.height - RULER_HEIGHT) / count),
    laneCount: count,
  };
}

/**
 * The lane of an item. Line mode: line % laneCount. Singer mode: the singer's row in
 * `singerLanes` (singer number -> row, e.g. singers 1 and 3 on rows 0 and 1), else singer %
 * laneCount; no singer counts as singer 0.
 */
export function laneOf(
  item: Pick<TimelineItem, 'line' | 'singer'>,
  mode: LaneMode,
  laneCount: number,
  singerLanes?: ReadonlyMap<number, number>,
): number {
  const singer = item.singer ?? 0;
  const raw = mode === 'singer' ? (singerLanes?.get(singer) ?? singer) : item.line;
  const count = Math.max(1, laneCount);
  return ((raw % count) + count) % count;
}

/** Vertical band of a lane (box top and height, CSS px). */
export function laneBand(lane: number, layout: LaneLayout): { y: number; height: number } {
  return {
    y: layout.top + lane * layout.laneHeight + LANE_PADDING,
    height: Math.max(4, layout.laneHeight - 2 * LANE_PADDING),
  };
}

/** Lane under a y coordinate, or -1 on the ruler / outside. */
export function laneAtY(y: number, layout: LaneLayout): number {
  if (y < layout.top) return -1;
  const lane = Math.floor((y - layout.top) / layout.laneHeight);
  return lane >= 0 && lane < layout.laneCount ? lane : -1;
}

export function itemRect(
  item: Pick<TimelineItem, 'start' | 'end'>,
  lane: number,
  view: Pick<TimelineView, 'startTime' | 'pxPerSecond'>,
  layout: LaneLayout,
): Rect {
  const x = (item.start - view.startTime) * view.pxPerSecond;
  const width = (item.end - item.start) * view.pxPerSecond;
  const band = laneBand(lane, layout);
  return { x, y: band.y, width, height: band.height };
}
