import { setFont, type Canvas2D } from './canvas-context';
import { RULER_HEIGHT } from './layout';
import type { TimelineColors, TimelineView } from './types';

const STEPS = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900,
  1800, 3600,
];
const MIN_LABEL_SPACING_PX = 90;

/** Labelled step: the smallest "nice" step with room for a label. */
export function rulerStep(pxPerSecond: number): number {
  return STEPS.find((s) => s * pxPerSecond >= MIN_LABEL_SPACING_PX) ?? 3600;
}

/** `m:ss` plus as many decimals as the step needs. */
export function formatRulerTime(seconds: number, step: number): string {
  const decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  const minutes = Math.floor(abs / 60);
  const rest = abs - minutes * 60;
  const secText = rest.toFixed(decimals).padStart(decimals ? decimals + 3 : 2, '0');
  return `${sign}${minutes}:${secText}`;
}

export function renderRuler(ctx: Canvas2D, view: TimelineView, colors: TimelineColors): void {
  ctx.fillStyle = colors.rulerBackground;
  ctx.fillRect(0, 0, view.width, RULER_HEIGHT);
  const step = rulerStep(view.pxPerSecond);
  const minor = step / 5;
  const first = Math.floor(view.startTime / minor) * minor;
  const end = view.startTime + view.width / view.pxPerSecond;
  ctx.fillStyle = colors.rulerTick;
  setFont(ctx, '11px system-ui, sans-serif');
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const labels: Array<[string, number]> = [];
  for (let k = 0, t = first; t <= end && k < 2000; k++, t = first + k * minor) {
    const x = Math.round((t - view.startTime) * view.pxPerSecond) + 0.5;
    const major = Math.abs(t / step - Math.round(t / step)) < 1e-6;
    const h = major ? 10 : 4;
    ctx.fillRect(x - 0.5, RULER_HEIGHT - h, 1, h);
    if (major) labels.push([formatRulerTime(Math.round(t / step) * step, step), x + 4]);
  }
  ctx.fillStyle = colors.rulerText;
  for (const [text, x] of labels) ctx.fillText(text, x, 9);
  ctx.fillStyle = colors.laneDivider;
  ctx.fillRect(0, RULER_HEIGHT - 1, view.width, 1);
}
