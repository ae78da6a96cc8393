import type { Canvas2D } from './canvas-context';
import { RULER_HEIGHT } from './layout';
import type { TimelineColors, TimelineView } from './types';
import { timeToX } from './viewport';

export interface OverlayScene {
  view: TimelineView;
  playheadTime: number | null;
  /** CSS px, from the marquee tool. */
  marquee: { x0: number; y0: number; x1: number; y1: number } | null;
  colors: TimelineColors;
}

/**
 * The playhead and marquee live on their own small canvas so playback (every frame) never
 * repaints 100k items.
 */
export function renderOverlay(ctx: Canvas2D, scene: OverlayScene): void {
  const { view, colors } = scene;
  ctx.setTransform(view.devicePixelRatio, 0, 0, view.devicePixelRatio, 0, 0);
  ctx.clearRect(0, 0, view.width, view.height);
  const m = scene.marquee;
  if (m) {
    const x = Math.min(m.x0, m.x1);
    const y = Math.min(m.y0, m.y1);
    ctx.fillStyle = colors.marqueeFill;
    ctx.fillRect(x, y, Math.abs(m.x1 - m.x0), Math.abs(m.y1 - m.y0));
    ctx.strokeStyle = colors.marqueeStroke;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, Math.abs(m.x1 - m.x0), Math.abs(m.y1 - m.y0));
  }
  if (scene.playheadTime === null) return;
  const x = Math.round(timeToX(scene.playheadTime, view));
  if (x < -8 || x > view.width + 8) return;
  ctx.fillStyle = colors.playhead;
  ctx.fillRect(x - 1, 0, 2, view.height);
  ctx.beginPath();
  ctx.moveTo(x - 6, 0);
  ctx.lineTo(x + 6, 0);
  ctx.lineTo(x, RULER_HEIGHT * 0.45);
  ctx.closePath();
  ctx.fill();
}
