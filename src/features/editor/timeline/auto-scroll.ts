/**
 * Auto-scroll while a drag holds the pointer near (or past) the left/right edge of the timeline:
 * the nearer the edge the faster, faster still beyond it (pointer capture keeps the events coming).
 */
export interface AutoScrollOptions {
  /** Width of the zone along each edge where scrolling starts (CSS px). */
  zonePx: number;
  /** Speed with the pointer right on the edge (CSS px per second). */
  edgeSpeed: number;
  /** Speed never exceeded, however far past the edge (CSS px per second). */
  maxSpeed: number;
  /** A longer frame (tab in the background, a stall) scrolls as if it lasted this long. */
  maxDtSeconds: number;
}

export const DEFAULT_AUTO_SCROLL: AutoScrollOptions = {
  zonePx: 30,
  edgeSpeed: 600,
  maxSpeed: 2400,
  maxDtSeconds: 0.05,
};

/**
 * Pixels to scroll the view by this frame (negative: towards the start) for a pointer at x in a
 * canvas `width` wide, `dt` seconds after the previous frame. 0 outside the zones. The speed grows
 * linearly from 0 at the zone's inner border to `edgeSpeed` at the edge and keeps growing past it,
 * up to `maxSpeed`. On a canvas narrower than four zones the zones shrink to a quarter each.
 */
export function autoScrollStep(
  x: number,
  width: number,
  dt: number,
  options: Partial<AutoScrollOptions> = {},
): number {
  const o = { ...DEFAULT_AUTO_SCROLL, ...options };
  if (!(width > 0) || !(dt > 0) || !Number.isFinite(x)) return 0;
  const zone = Math.min(o.zonePx, width / 4);
  if (zone <= 0) return 0;
  const depth = x < zone ? zone - x : x > width - zone ? x - (width - zone) : 0;
  if (depth <= 0) return 0;
  const speed = Math.min(o.maxSpeed, (depth / zone) * o.edgeSpeed);
  const step = speed * Math.min(dt, o.maxDtSeconds);
  return x < zone ? -step : step;
}
