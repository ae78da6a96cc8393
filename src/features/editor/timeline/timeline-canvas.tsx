import {
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { PointerInput, TimelineIntent } from './intents';
import type { ToolOptions } from './pointer-tool';
import type { RenderStats } from './render-timeline';
import { installTestHook } from './test-hook';
import { TimelineEngine, type TimelineLayer } from './timeline-engine';
import type { TimelineScene } from './types';
import { contextOf, useCanvasSize } from './use-canvas-size';
import type { ZoomLimits } from './viewport';
import { LayerCanvas } from './layer-canvas';

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

const input = (e: PointerEvent | ReactPointerEvent | WheelEvent, el: Element): PointerInput => {
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

/**
 * Owns the two canvases (static scene + playhead overlay) and wires the DOM to the
 * `TimelineEngine` (pointer tool, redraws, auto-scroll, wheel; timeline-engine.ts).
 */
export function TimelineCanvas(props: TimelineCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const p = useRef(props);
  const [engine] = useState(() => new TimelineEngine(canvasLayer));
  useEffect(() => {
    p.current = props;
    engine.connect(props, (cursor) => {
      if (main.current) main.current.style.cursor = cursor;
    });
  });
  useCanvasSize(container, [main, overlay], (s) => {
    p.current.onResize?.(s);
    engine.resize(s);
  });
  useFrameLoop(engine, main, overlay, p);
  useWheelAndKeys(engine, main, p);
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
          engine.down(input(e, e.currentTarget));
        }}
        onPointerMove={(e) => engine.move(input(e, e.currentTarget))}
        onPointerUp={(e) => engine.up(input(e, e.currentTarget))}
        onPointerCancel={engine.cancel}
        onPointerLeave={(e) => {
          if (engine.tool.gesture === 'idle' && !e.buttons)
            p.current.onIntent({ type: 'hover', key: null });
        }}
      />
      <LayerCanvas ref={overlay} passThrough />
      {props.children}
    </div>
  );
}

type Canvas = RefObject<HTMLCanvasElement | null>;

/** An offscreen canvas for the engine's drag base (null where there is no 2D context). */
function canvasLayer(): TimelineLayer | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  let ctx: CanvasRenderingContext2D | null = null;
  return {
    image: canvas,
    context(width, height) {
      // (setting a size clears the canvas even when it is the same: only on a change)
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      ctx ??= canvas.getContext('2d', { alpha: false });
      return ctx;
    },
  };
}

/** One loop per mount: each animation frame draws what changed; a scene change marks it dirty. */
function useFrameLoop(
  engine: TimelineEngine,
  main: Canvas,
  overlay: Canvas,
  p: RefObject<TimelineCanvasProps>,
) {
  useEffect(() => {
    let pending = 0;
    // the contexts, asked for once per canvas (not in every frame: each ask is a call into the DOM)
    const ctx = contextOf(main);
    const octx = contextOf(overlay);
    const loop = (now: number) => {
      pending = requestAnimationFrame(loop);
      const c = ctx();
      const o = octx();
      if (c && o) engine.frame(now, c, o);
    };
    pending = requestAnimationFrame(loop);
    // In idle time, the level of detail a zoom out paints from (for the scene of the moment: a
    // new document version only makes its new chunks').
    let idle: (() => void) | null = null;
    const prepare = () => {
      if (idle) return;
      idle = whenIdle((more) => {
        idle = null;
        if (!engine.idle(more)) prepare();
      });
    };
    prepare();
    const unsubscribe = p.current.subscribe(() => {
      engine.dirty = true;
      prepare();
    });
    return () => {
      cancelAnimationFrame(pending);
      idle?.();
      unsubscribe();
    };
  }, [engine, main, overlay, p]);
}

/** Idle slices of work this long (ms) at most, so input is never kept waiting. */
const IDLE_SLICE_MS = 4;

/**
 * Runs `work` when the page is idle (requestIdleCallback; a timer where there is none), with
 * `more()` true while its slice lasts. Returns the cancel.
 */
function whenIdle(work: (more: () => boolean) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback((deadline) => {
      const until = performance.now() + Math.min(IDLE_SLICE_MS, deadline.timeRemaining());
      work(() => performance.now() < until);
    });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => {
    const until = performance.now() + IDLE_SLICE_MS;
    work(() => performance.now() < until);
  }, 50);
  return () => clearTimeout(id);
}

/** The wheel (zoom and scroll, not passive), Escape, and the e2e hook (test builds only). */
function useWheelAndKeys(engine: TimelineEngine, main: Canvas, p: RefObject<TimelineCanvasProps>) {
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { x } = input(e, el);
      const { deltaX, deltaY, deltaMode, ctrlKey, metaKey, shiftKey } = e;
      engine.wheel({ x, deltaX, deltaY, deltaMode, ctrlKey, metaKey, shiftKey });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') engine.escape();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    // Test builds only: the production build has __TEST_HOOKS__ false and drops this code.
    const removeHook =
      __TEST_HOOKS__ && p.current.exposeTestHook
        ? installTestHook(
            () => engine.scene(),
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
  }, [engine, main, p]);
}
