/**
 * Keeps wavesurfer's waveform exactly under the timeline. Wavesurfer scrolls by whole pixels and
 * cannot scroll before 0 or past the end, and a zoom re-render is too slow for every wheel step;
 * so we let it render at `renderedPps` scrolled to `scrollPx`, and a CSS transform on its
 * container makes up the difference: time t lands at x = (t - view.startTime) * view.pxPerSecond.
 */
export function waveformTransform(
  view: { startTime: number; pxPerSecond: number },
  renderedPps: number,
  scrollPx: number,
): string {
  const target = view.startTime * view.pxPerSecond;
  const scale = view.pxPerSecond / renderedPps;
  if (Math.abs(scale - 1) < 1e-9) return `translateX(${round(scrollPx - target)}px)`;
  // Read right to left: undo the scroll, rescale time, then place the view's left edge at 0.
  return `translateX(${round(-target)}px) scaleX(${scale}) translateX(${round(scrollPx)}px)`;
}

/** Where wavesurfer should scroll for this view (it clamps to its own range). */
export const scrollTarget = (view: { startTime: number; pxPerSecond: number }) =>
  Math.max(0, Math.round(view.startTime * view.pxPerSecond));

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Maps a time to the x the transformed waveform shows it at (tests and the e2e hook). */
export function waveformXOf(
  t: number,
  view: { startTime: number; pxPerSecond: number },
  renderedPps: number,
  scrollPx: number,
): number {
  const xRendered = t * renderedPps - scrollPx;
  const scale = view.pxPerSecond / renderedPps;
  return scale * (xRendered + scrollPx) - view.startTime * view.pxPerSecond;
}
