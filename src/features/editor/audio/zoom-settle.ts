/** A zoom repaints exactly once it rests; meanwhile the last painting is only rescaled. */
export const ZOOM_SETTLE_MS = 150;

/** Whether the zoom has rested since the last exact painting, and the timer that says so. */
export interface ZoomSettle {
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * True when this frame only rescales the last painting: the zoom differs from that painting's
 * (`zooming`) and has not rested. The timer then restarts; when it fires the zoom has rested and
 * `repaint` asks for the exact painting. False (paint exactly) otherwise.
 */
export function rescaleWhileZooming(
  state: ZoomSettle,
  zooming: boolean,
  repaint: () => void,
): boolean {
  if (zooming && !state.settled) {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.settled = true;
      repaint();
    }, ZOOM_SETTLE_MS);
    return true;
  }
  state.settled = false;
  return false;
}
