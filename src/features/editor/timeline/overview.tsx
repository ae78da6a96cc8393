import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import {
  bucketSpans,
  rebucketSpans,
  dragOverview,
  maxCount,
  overviewDuration,
  overviewKey,
  overviewTimeToX,
  overviewValueText,
  pressOverview,
  viewWindow,
  type OverviewSource,
} from './overview-model';
import {
  DARK_OVERVIEW_COLORS,
  renderOverviewBase,
  renderOverviewOverlay,
  type OverviewColors,
} from './overview-render';
import type { TimelineView } from './types';
import { useCanvasSize } from './use-canvas-size';
import type { ZoomLimits } from './viewport';

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

interface Buckets {
  spans: unknown;
  problemSpans: unknown;
  uncertainSpans: unknown;
  columns: number;
  duration: number;
  density: Uint32Array;
  max: number;
  problems: Uint32Array;
  uncertain: Uint32Array;
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
  const frame = useRef({ pending: 0, sized: true });
  const grab = useRef<number | null>(null);

  const size = useCanvasSize(container, [base, overlay], () => {
    frame.current.sized = true;
  });
  const durationNow = () =>
    overviewDuration(p.current.zoomLimits.duration, p.current.getSource().extent);

  useEffect(() => {
    const f = frame.current;
    let buckets: Buckets | null = null;
    let last = { start: NaN, pps: NaN, width: NaN, time: NaN as number | null, duration: NaN };
    const loop = () => {
      f.pending = requestAnimationFrame(loop);
      const s = size.current;
      const el = container.current;
      const bctx = base.current?.getContext('2d');
      const octx = overlay.current?.getContext('2d');
      if (!el || !bctx || !octx || s.width === 0) return;
      const colors = p.current.colors ?? DARK_OVERVIEW_COLORS;
      const source = p.current.getSource();
      const duration = overviewDuration(p.current.zoomLimits.duration, source.extent);
      const columns = Math.max(1, Math.floor(s.width));
      // Rebucket only when the words, the problems, the width or the song's length changed.
      const sameShape = buckets?.columns === columns && buckets.duration === duration;
      let redrawBase = f.sized;
      if (!buckets || !sameShape || buckets.spans !== source.spans) {
        // After an edit only the changed words are re-counted (the delta of the source).
        const delta = source.spans.delta;
        const density =
          buckets && sameShape && delta && delta.from === buckets.spans
            ? rebucketSpans(buckets.density, delta, duration)
            : bucketSpans(source.spans, columns, duration);
        buckets = {
          spans: source.spans,
          problemSpans: null,
          uncertainSpans: null,
          columns,
          duration,
          density,
          max: maxCount(density),
          problems: buckets?.problems ?? new Uint32Array(0),
          uncertain: buckets?.uncertain ?? new Uint32Array(0),
        };
        redrawBase = true;
      }
      if (buckets.problemSpans !== source.problems) {
        buckets.problems = bucketSpans(source.problems, columns, duration);
        buckets.problemSpans = source.problems;
        redrawBase = true;
      }
      if (buckets.uncertainSpans !== (source.uncertain ?? null)) {
        buckets.uncertain = source.uncertain
          ? bucketSpans(source.uncertain, columns, duration)
          : new Uint32Array(0);
        buckets.uncertainSpans = source.uncertain ?? null;
        redrawBase = true;
      }
      if (redrawBase) {
        f.sized = false;
        renderOverviewBase(bctx, { ...s, ...buckets, colors });
        last = { ...last, start: NaN }; // the overlay's canvas may have been resized too
      }
      const view = p.current.getView();
      const time = p.current.getPlayheadTime?.() ?? null;
      if (
        view.startTime !== last.start ||
        view.pxPerSecond !== last.pps ||
        view.width !== last.width ||
        time !== last.time ||
        duration !== last.duration
      ) {
        if (
          view.startTime !== last.start ||
          view.pxPerSecond !== last.pps ||
          view.width !== last.width ||
          duration !== last.duration
        ) {
          el.setAttribute('aria-valuemax', String(Math.round(duration)));
          el.setAttribute('aria-valuenow', String(Math.round(view.startTime * 10) / 10));
          el.setAttribute('aria-valuetext', overviewValueText(view, duration));
        }
        last = { start: view.startTime, pps: view.pxPerSecond, width: view.width, time, duration };
        renderOverviewOverlay(octx, {
          ...s,
          window: viewWindow(view, s.width, duration),
          playheadX: time === null ? null : overviewTimeToX(time, s.width, duration),
          colors,
        });
      }
    };
    f.pending = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(f.pending);
    // One loop per mount; everything else is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emit = (view: TimelineView) => {
    const now = p.current.getView();
    if (view.startTime !== now.startTime || view.pxPerSecond !== now.pxPerSecond)
      p.current.onView(view);
  };
  const xOf = (e: PointerEvent<HTMLDivElement>) =>
    e.clientX - e.currentTarget.getBoundingClientRect().left;

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
      onPointerDown={(e) => {
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
      }}
      onPointerMove={(e) => {
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
      }}
      onPointerUp={(e) => {
        grab.current = null;
        e.currentTarget.style.cursor = 'grab';
      }}
      onPointerCancel={() => {
        grab.current = null;
      }}
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const view = overviewKey(p.current.getView(), e.key, durationNow(), p.current.zoomLimits);
        if (!view) return;
        e.preventDefault();
        emit(view);
      }}
    >
      <canvas
        ref={base}
        aria-hidden="true"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
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
    </div>
  );
}
