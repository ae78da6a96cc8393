import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { autoScrollStep } from './auto-scroll';
import type { PointerInput, TimelineIntent } from './intents';
import { renderOverlay } from './overlay';
import { PointerTool, type ToolOptions } from './pointer-tool';
import { renderTimeline, type RenderStats } from './render-timeline';
import { installTestHook } from './test-hook';
import type { TimelineScene } from './types';
import { useCanvasSize } from './use-canvas-size';
import { DEFAULT_ZOOM_LIMITS, scrollBy, type ZoomLimits } from './viewport';
import { applyWheel } from './wheel';

export interface TimelineCanvasProps {
  /** The scene as of now; read at draw time. Its view's size is replaced by the measured one. */
  getScene: () => TimelineScene;
  /** Call the listener whenever getScene() changed; the canvas redraws once in the next frame. */
  subscribe: (listener: () => void) => () => void;
  /** Read every frame (player clock), never through React state. */
  getPlayheadTime?: () => number | null;
  getOnsets?: () => readonly number[];
  /** Per onset of `getOnsets()` its strength (1 = strongest): ranks and thins onset targets. */
  getOnsetStrengths?: () => readonly number[];
  onIntent: (intent: TimelineIntent) => void;
  onResize?: (size: { width: number; height: number; devicePixelRatio: number }) => void;
  toolOptions?: Partial<ToolOptions>;
  zoomLimits?: ZoomLimits;
  /** Bench and tests: how long each static redraw took. */
  onRender?: (stats: RenderStats, ms: number) => void;
  /** Installs the Playwright hook (test builds only: see `__TEST_HOOKS__` in test-hook.ts). */
  exposeTestHook?: boolean;
  ariaLabel?: string;
  /** Id of the element that says which word is selected (the word label). */
  describedBy?: string;
  className?: string;
  /** Drawn over the canvas in DOM (the word label of a hovered or selected word). */
  children?: ReactNode;
}

const input = (e: PointerEvent | ReactPointerEvent, el: Element): PointerInput => {
  const r = el.getBoundingClientRect();
  return {
    x: e.clientX - r.left,
    y: e.clientY - r.top,
    shiftKey: e.shiftKey,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
  };
};

/** Owns the two canvases (static scene + playhead overlay) and feeds pointer input to the tool. */
export function TimelineCanvas(props: TimelineCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const p = useRef(props);
  useEffect(() => {
    p.current = props;
  });
  const frame = useRef({
    pending: 0,
    dirty: true,
    marquee: null as (TimelineIntent & { type: 'marquee' }) | null,
    /** Timestamp of the previous auto-scroll frame (null: no drag in progress). */
    scrolledAt: null as number | null,
  });
  const tool = useRef(new PointerTool());

  const size = useCanvasSize(container, [main, overlay], (s) => {
    p.current.onResize?.(s);
    frame.current.dirty = true;
  });
  const scene = (): TimelineScene => {
    const s = p.current.getScene();
    return { ...s, view: { ...s.view, ...size.current } };
  };

  const emit = (intents: TimelineIntent[]) => {
    for (const intent of intents) {
      if (intent.type === 'cursor') {
        if (main.current) main.current.style.cursor = intent.cursor;
        continue;
      }
      if (intent.type === 'marquee') frame.current.marquee = intent.rect ? intent : null;
      p.current.onIntent(intent);
    }
  };
  const ctx = () => ({
    scene: scene(),
    playheadTime: p.current.getPlayheadTime?.() ?? null,
    onsets: p.current.getOnsets?.() ?? [],
    onsetStrengths: p.current.getOnsetStrengths?.() ?? [],
    options: p.current.toolOptions,
  });

  /**
   * While a drag holds the pointer near an edge, scroll the view a little every frame and run the
   * drag's last move again, so what is dragged stays under the pointer in time.
   */
  const autoScroll = (now: number) => {
    const f = frame.current;
    const pointer = tool.current.autoScrolls ? tool.current.pointer : null;
    if (!pointer) {
      f.scrolledAt = null;
      return;
    }
    const dt = f.scrolledAt === null ? 0 : (now - f.scrolledAt) / 1000;
    f.scrolledAt = now;
    const dx = autoScrollStep(pointer.x, size.current.width, dt);
    if (dx === 0) return;
    const view = scene().view;
    const next = scrollBy(view, dx, p.current.zoomLimits ?? DEFAULT_ZOOM_LIMITS);
    if (next.startTime === view.startTime) return;
    p.current.onIntent({ type: 'view', view: next });
    emit(tool.current.replay(ctx()));
  };

  useEffect(() => {
    const f = frame.current;
    let last = { time: NaN as number | null, start: NaN, pps: NaN, marquee: null as unknown };
    const loop = (now: number) => {
      f.pending = requestAnimationFrame(loop);
      const ctx = main.current?.getContext('2d');
      const octx = overlay.current?.getContext('2d');
      if (!ctx || !octx || size.current.width === 0) return;
      autoScroll(now);
      const s = scene();
      if (f.dirty) {
        f.dirty = false;
        const t0 = performance.now();
        const stats = renderTimeline(ctx, s);
        p.current.onRender?.(stats, performance.now() - t0);
      }
      const time = p.current.getPlayheadTime?.() ?? null;
      const marquee = f.marquee?.rect ?? null;
      if (
        time !== last.time ||
        s.view.startTime !== last.start ||
        s.view.pxPerSecond !== last.pps ||
        marquee !== last.marquee
      ) {
        last = { time, start: s.view.startTime, pps: s.view.pxPerSecond, marquee };
        renderOverlay(octx, { view: s.view, playheadTime: time, marquee, colors: s.colors });
      }
    };
    f.pending = requestAnimationFrame(loop);
    const unsubscribe = p.current.subscribe(() => (f.dirty = true));
    return () => {
      cancelAnimationFrame(f.pending);
      unsubscribe();
    };
    // One loop per mount; everything else is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = main.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const view = applyWheel(
        scene().view,
        {
          x: e.clientX - r.left,
          deltaX: e.deltaX,
          deltaY: e.deltaY,
          deltaMode: e.deltaMode,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          shiftKey: e.shiftKey,
        },
        p.current.zoomLimits ?? DEFAULT_ZOOM_LIMITS,
      );
      p.current.onIntent({ type: 'view', view });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && tool.current.gesture !== 'idle') emit(tool.current.cancel());
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    // Test builds only: the production build has __TEST_HOOKS__ false and drops this code.
    const removeHook =
      __TEST_HOOKS__ && p.current.exposeTestHook
        ? installTestHook(
            scene,
            () => el.getBoundingClientRect(),
            () => p.current.getOnsets?.() ?? [],
            () => p.current.getOnsetStrengths?.() ?? [],
          )
        : undefined;
    return () => {
      el.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
      removeHook?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      ref={container}
      className={props.className}
      style={{ position: 'relative', overflow: 'hidden', touchAction: 'none', minHeight: 120 }}
    >
      <canvas
        ref={main}
        role="application"
        // One tab stop: the editor's keys (arrows, Home, End: words) act here; Tab leaves.
        data-editor-keys=""
        aria-label={
          props.ariaLabel ?? 'Timeline: words as boxes; use the word list to edit with the keyboard'
        }
        tabIndex={0}
        aria-keyshortcuts="ArrowLeft ArrowRight Home End Escape"
        aria-describedby={props.describedBy}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          emit(tool.current.down(input(e, e.currentTarget), ctx()));
        }}
        onPointerMove={(e) => emit(tool.current.move(input(e, e.currentTarget), ctx()))}
        onPointerUp={(e) => emit(tool.current.up(input(e, e.currentTarget), ctx()))}
        onPointerCancel={() => emit(tool.current.cancel())}
        onPointerLeave={(e) => {
          if (tool.current.gesture === 'idle' && !e.buttons)
            p.current.onIntent({ type: 'hover', key: null });
        }}
      />
      <canvas
        ref={overlay}
        aria-hidden="true"
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          pointerEvents: 'none',
        }}
      />
      {props.children}
    </div>
  );
}
