import { describeFrame, drawKaraokeFrame, type WidthCache } from './draw-frame';
import type { KaraokeScene } from './scene';

/**
 * Draws `scene` at `t` on `canvas`, sized to its CSS width in device pixels and the scene's aspect
 * ratio. Returns what the frame shows, as text (for screen readers); draws nothing without a canvas.
 */
export function paintScene(
  canvas: HTMLCanvasElement | null,
  scene: KaraokeScene,
  t: number,
  widths: WidthCache,
  transparent: boolean,
): string {
  const { frame, layout } = scene.at(t);
  const said = describeFrame(frame);
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return said;
  const ratio = window.devicePixelRatio || 1;
  const pixelWidth = Math.max(1, Math.round((canvas.clientWidth || 320) * ratio));
  const pixelHeight = Math.max(1, Math.round((pixelWidth * scene.height) / scene.width));
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
  }
  const k = pixelWidth / scene.width;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, pixelWidth, pixelHeight);
  ctx.setTransform(k, 0, 0, k, 0, 0);
  drawKaraokeFrame(ctx, layout, frame, widths, { transparent });
  return said;
}

/** A playback clock: `subscribe` fires on play, pause and seek (not per frame). */
export interface PreviewClock {
  getTime(): number;
  isPlaying(): boolean;
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `draw` with the clock's time now, on every play, pause and seek, and every animation frame
 * while it plays. Returns the way to stop.
 */
export function followClock(clock: PreviewClock, draw: (t: number) => void): () => void {
  let raf = 0;
  const frame = () => {
    raf = 0;
    draw(clock.getTime());
    if (clock.isPlaying()) raf = requestAnimationFrame(frame);
  };
  const unsubscribe = clock.subscribe(() => {
    if (raf === 0) frame();
  });
  frame();
  return () => {
    unsubscribe();
    cancelAnimationFrame(raf);
  };
}
