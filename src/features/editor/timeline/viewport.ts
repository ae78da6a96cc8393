import type { TimelineView } from './types';

import { timeToX, xToTime, type Viewport } from '../../../timing';

/** Time <-> px is the core's (one viewport module); zoom and scroll rules live here. */
export { timeToX, xToTime };
export type ViewportLike = Viewport;

export const visibleEndTime = (view: Pick<TimelineView, 'startTime' | 'pxPerSecond' | 'width'>) =>
  view.startTime + view.width / view.pxPerSecond;

export interface ZoomLimits {
  minPxPerSecond: number;
  maxPxPerSecond: number;
  /** Song length; the view may not start before 0 nor scroll far past the end. */
  duration: number;
}

export const DEFAULT_ZOOM_LIMITS: ZoomLimits = {
  minPxPerSecond: 0.05,
  maxPxPerSecond: 2000,
  duration: Infinity,
};

/** Keeps the left edge in [0, duration - half a screen] so the song never scrolls away. */
export function clampView<V extends TimelineView>(view: V, limits: ZoomLimits): V {
  const pxPerSecond = Math.min(
    limits.maxPxPerSecond,
    Math.max(limits.minPxPerSecond, view.pxPerSecond),
  );
  const span = view.width / pxPerSecond;
  const maxStart = Number.isFinite(limits.duration)
    ? Math.max(0, limits.duration - span / 2)
    : Infinity;
  const startTime = Math.min(maxStart, Math.max(0, view.startTime));
  if (startTime === view.startTime && pxPerSecond === view.pxPerSecond) return view;
  return { ...view, startTime, pxPerSecond };
}

/** Zoom by `factor` keeping the time under `anchorX` (CSS px) where it is. */
export function zoomAround<V extends TimelineView>(
  view: V,
  factor: number,
  anchorX: number,
  limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): V {
  const anchorTime = xToTime(anchorX, view);
  const pxPerSecond = Math.min(
    limits.maxPxPerSecond,
    Math.max(limits.minPxPerSecond, view.pxPerSecond * factor),
  );
  return clampView({ ...view, pxPerSecond, startTime: anchorTime - anchorX / pxPerSecond }, limits);
}

/** Shows [start, end] with a small margin on both sides. */
export function fitView<V extends TimelineView>(
  view: V,
  start: number,
  end: number,
  limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
  marginPx = 24,
): V {
  const span = Math.max(end - start, 1e-3);
  const usable = Math.max(1, view.width - 2 * marginPx);
  const pxPerSecond = usable / span;
  return clampView({ ...view, pxPerSecond, startTime: start - marginPx / pxPerSecond }, limits);
}

export function scrollBy<V extends TimelineView>(view: V, dxPx: number, limits: ZoomLimits): V {
  return clampView({ ...view, startTime: view.startTime + dxPx / view.pxPerSecond }, limits);
}
