/** The visible window of a timeline: its left edge in seconds and its zoom. */
export interface Viewport {
  readonly startTime: number;
  readonly pxPerSecond: number;
}

export function timeToX(t: number, view: Viewport): number {
  return (t - view.startTime) * view.pxPerSecond;
}

export function xToTime(x: number, view: Viewport): number {
  return view.startTime + x / view.pxPerSecond;
}

/** A distance in pixels as seconds at this zoom (snap, hit and minimum-width thresholds). */
export function pxToSeconds(px: number, pxPerSecond: number): number {
  return px / pxPerSecond;
}
