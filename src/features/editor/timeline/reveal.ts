import type { TimelineView } from './types';
import { clampView, visibleEndTime, type ZoomLimits } from './viewport';

/** Where a revealed word lands: a tenth of the view in from the edge it came from. */
const EDGE_SHARE = 0.1;

/**
 * Scrolls (never zooms) so that [start, end] is on screen: unchanged when it is already whole in
 * view; a range to the right lands with its start a tenth in from the left (the way the view pages
 * while playing), a range to the left with its end a tenth in from the right. A range longer than
 * the view shows its start.
 */
export function revealRange<V extends TimelineView>(
  view: V,
  start: number,
  end: number,
  limits: ZoomLimits,
): V {
  const viewEnd = visibleEndTime(view);
  if (start >= view.startTime && end <= viewEnd) return view;
  const span = viewEnd - view.startTime;
  const fits = end - start <= span * (1 - 2 * EDGE_SHARE);
  const startTime =
    start < view.startTime && fits ? end - span * (1 - EDGE_SHARE) : start - span * EDGE_SHARE;
  return clampView({ ...view, startTime }, limits);
}

/** Whether any of [start, end] is on screen. */
export const overlapsView = (view: TimelineView, start: number, end: number) =>
  end >= view.startTime && start <= visibleEndTime(view);
