import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { OverviewFrames } from './overview-frame';
import {
  dragOverview,
  overviewDuration,
  overviewKey,
  pressOverview,
  viewWindow,
  type OverviewSource,
} from './overview-model';
import { DARK_OVERVIEW_COLORS, type OverviewColors } from './overview-render';
import type { TimelineView } from './types';
import { contextOf, useCanvasSize, type CanvasSize } from './use-canvas-size';
import type { ZoomLimits } from './viewport';
import { LayerCanvas } from './layer-canvas';

export interface TimelineOverviewProps {
  /** Read every frame: return the same objects until the words or problems change. */
  getSource: () => OverviewSource;
  /** The timeline's view, read every frame. */
  getView: () => TimelineView;
  /** A press, drag or key moved the view. */
  onView: (view: TimelineView) => void;
  /** Read every frame (player clock), never through React state. */
  getPlayheadTime?: () => number | null;
  /** `duration` is the song's length (Infinity while unknown: the last word's end is used). */
  zoomLimits: ZoomLimits;
  colors?: OverviewColors;
  ariaLabel?: string;
  className?: string;
}

/**
 * The whole song in a thin strip: word density, problem marks, the timeline's view as a window
 * and the playhead. Press to centre the view there, drag the window to pan; a slider for
 * assistive technology (arrows and Page Up/Down pan by a screen, Home/End).
 */
export function TimelineOverview(props: TimelineOverviewProps) {
  const container = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const p = useRef(props);
  useEffect(() => {
    p.current = props;
  });
  const [frames] = useState(() => new OverviewFrames());
  const size = useCanvasSize(container, [base, overlay], () => {
    frames.resized();
  });
  useOverviewLoop(frames, container, base, overlay, size, p);
  const handlers = useOverviewInput(p, size);

  return (
    <div
      ref={container}
      className={props.className}
      role="slider"
      tabIndex={0}
      aria-label={props.ariaLabel ?? 'Song overview'}
      aria-valuemin={0}
      aria-orientation="horizontal"
      style={{ position: 'relative', overflow: 'hidden', touchAction: 'none', cursor: 'pointer' }}
      {...handlers}
    >
      <LayerCanvas ref={base} />
      <LayerCanvas ref={overlay} passThrough />
    </div>
  );
}

/** One loop per mount: each animation frame draws what changed (overview-frame.ts). */
function useOverviewLoop(
  frames: OverviewFrames,
  container: RefObject<HTMLDivElement | null>,
  base: RefObject<HTMLCanvasElement | null>,
  overlay: RefObject<HTMLCanvasElement | null>,
  size: RefObject<CanvasSize>,
  p: RefObject<TimelineOverviewProps>,
) {
  useEffect(() => {
    let pending = 0;
    // the slider's ARIA, written only when it changed (three writes a zoom frame showed in its profile)
    const aria = (el: HTMLElement, name: string, value: string) => {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    };
    const baseContext = contextOf(base);
    const overlayContext = contextOf(overlay);
    const loop = () => {
      pending = requestAnimationFrame(loop);
      const el = container.current;
      const bctx = baseContext();
      const octx = overlayContext();
      if (!el || !bctx || !octx || size.current.width === 0) return;
      const props = p.current;
      frames.frame(
        bctx,
        octx,
        size.current,
        {
          source: props.getSource(),
          view: props.getView(),
          playheadTime: props.getPlayheadTime?.() ?? null,
          songDuration: props.zoomLimits.duration,
          colors: props.colors ?? DARK_OVERVIEW_COLORS,
        },
        (values) => {
          // set imperatively per frame: no React renders
          aria(el, 'aria-valuemax', String(values.max));
          aria(el, 'aria-valuenow', String(values.now));
          aria(el, 'aria-valuetext', values.text);
        },
      );
    };
    pending = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(pending);
  }, [frames, container, base, overlay, size, p]);
}

/** Press, drag and keys on the overview: each moves the timeline's view (overview-model.ts). */
function useOverviewInput(p: RefObject<TimelineOverviewProps>, size: RefObject<CanvasSize>) {
  const grab = useRef<number | null>(null);
  const durationNow = () =>
    overviewDuration(p.current.zoomLimits.duration, p.current.getSource().extent);
  const emit = (view: TimelineView) => {
    const now = p.current.getView();
    if (view.startTime !== now.startTime || view.pxPerSecond !== now.pxPerSecond)
      p.current.onView(view);
  };
  const xOf = (e: PointerEvent<HTMLDivElement>) =>
    e.clientX - e.currentTarget.getBoundingClientRect().left;
  return {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if (e.button !== 0) return;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      const press = pressOverview(
        p.current.getView(),
        xOf(e),
        size.current.width,
        durationNow(),
        p.current.zoomLimits,
      );
      grab.current = press.grabSeconds;
      e.currentTarget.style.cursor = 'grabbing';
      emit(press.view);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const x = xOf(e);
      const width = size.current.width;
      if (grab.current === null) {
        const win = viewWindow(p.current.getView(), width, durationNow());
        e.currentTarget.style.cursor = x >= win.x && x <= win.x + win.width ? 'grab' : 'pointer';
        return;
      }
      emit(
        dragOverview(
          p.current.getView(),
          x,
          grab.current,
          width,
          durationNow(),
          p.current.zoomLimits,
        ),
      );
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      grab.current = null;
      e.currentTarget.style.cursor = 'grab';
    },
    onPointerCancel: () => {
      grab.current = null;
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const view = overviewKey(p.current.getView(), e.key, durationNow(), p.current.zoomLimits);
      if (!view) return;
      e.preventDefault();
      emit(view);
    },
  };
}
