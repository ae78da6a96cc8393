import { useEffect, useRef } from 'react';
import { contextOf, useCanvasSize, type CanvasSize } from '../timeline/use-canvas-size';

export interface WaveformView {
  startTime: number;
  pxPerSecond: number;
}

export interface ViewStripProps {
  /** Paints the strip for the view; the context is already scaled to CSS px. */
  draw: (ctx: CanvasRenderingContext2D, view: WaveformView, size: CanvasSize) => void;
  /** The timeline's view (scroll and zoom), read when `subscribe` fires. */
  getView: () => WaveformView;
  /** Fires when the view or what is drawn changed: one redraw in the next frame. */
  subscribe: (listener: () => void) => () => void;
  height: number;
  /** Accessible name of the image (none: the canvas is hidden, a wrapper names it). */
  label?: string;
  className?: string;
}

/**
 * A canvas strip on the timeline's time axis (time t at the same x as on the timeline): redrawn
 * at most once a frame, only when the view or its content changed, never through React renders.
 */
export function ViewStrip({ draw, getView, subscribe, height, label, className }: ViewStripProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const latest = useRef({ draw, getView });
  useEffect(() => {
    latest.current = { draw, getView };
  });
  const pending = useRef(0);
  const schedule = useRef(() => {});
  const size = useCanvasSize(container, [canvas], () => schedule.current());

  useEffect(() => {
    const context = contextOf(canvas);
    const paint = () => {
      pending.current = 0;
      const ctx = context();
      const s = size.current;
      if (!ctx || s.width === 0) return;
      ctx.setTransform(s.devicePixelRatio, 0, 0, s.devicePixelRatio, 0, 0);
      latest.current.draw(ctx, latest.current.getView(), s);
    };
    schedule.current = () => {
      if (!pending.current) pending.current = requestAnimationFrame(paint);
    };
    schedule.current();
    const off = subscribe(() => schedule.current());
    return () => {
      off();
      cancelAnimationFrame(pending.current);
      pending.current = 0;
    };
  }, [subscribe, size]);

  // New drawing function (new content): paint again.
  useEffect(() => schedule.current(), [draw]);

  return (
    <div ref={container} className={className} style={{ position: 'relative', height }}>
      <canvas
        ref={canvas}
        role={label ? 'img' : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : true}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
    </div>
  );
}
