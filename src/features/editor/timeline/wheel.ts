import type { TimelineView } from './types';
import { clampView, fitView, scrollBy, zoomAround, type ZoomLimits } from './viewport';

export interface WheelInput {
  x: number;
  deltaX: number;
  deltaY: number;
  /** 0 pixels, 1 lines, 2 pages (WheelEvent.deltaMode). */
  deltaMode: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const LINE_PX = 16;
/** exp(-deltaY * k): one mouse notch (~100 px) zooms by ~1.22x; trackpad pinch stays smooth. */
const ZOOM_PER_PX = 0.002;
export const ZOOM_STEP = 1.5;

/**
 * Ctrl/Cmd + wheel (and trackpad pinch, which Chromium reports as ctrl+wheel) zooms around the
 * pointer; the wheel and Shift + wheel scroll in time (the timeline has no vertical scroll).
 */
export function applyWheel<V extends TimelineView>(view: V, e: WheelInput, limits: ZoomLimits): V {
  const unit = e.deltaMode === 1 ? LINE_PX : e.deltaMode === 2 ? view.width : 1;
  const dx = e.deltaX * unit;
  const dy = e.deltaY * unit;
  if (e.ctrlKey || e.metaKey) {
    return zoomAround(view, Math.exp(-dy * ZOOM_PER_PX), e.x, limits);
  }
  const along = Math.abs(dx) > Math.abs(dy) ? dx : dy;
  return scrollBy(view, along, limits);
}

/** `+` / `-` keys: zoom around the playhead when it is on screen, else the centre. */
export function zoomStep<V extends TimelineView>(
  view: V,
  direction: 1 | -1,
  limits: ZoomLimits,
  playheadTime: number | null = null,
): V {
  const px = playheadTime === null ? -1 : (playheadTime - view.startTime) * view.pxPerSecond;
  const anchor = px >= 0 && px <= view.width ? px : view.width / 2;
  return zoomAround(view, direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, anchor, limits);
}

/** "Fit": the whole song, or the given range (e.g. the selection). */
export function fitTo<V extends TimelineView>(
  view: V,
  limits: ZoomLimits,
  range?: { start: number; end: number },
): V {
  const start = range?.start ?? 0;
  const end = range?.end ?? (Number.isFinite(limits.duration) ? limits.duration : start + 60);
  return fitView(view, start, end, { ...limits, minPxPerSecond: 0 });
}

/** While playing, page the view so the playhead stays visible (no constant smooth scrolling). */
export function followPlayhead<V extends TimelineView>(
  view: V,
  time: number,
  limits: ZoomLimits,
): V {
  const x = (time - view.startTime) * view.pxPerSecond;
  if (x >= 0 && x <= view.width * 0.9) return view;
  return clampView({ ...view, startTime: time - (view.width * 0.1) / view.pxPerSecond }, limits);
}
