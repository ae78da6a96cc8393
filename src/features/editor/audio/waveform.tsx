import { useCallback, useEffect, useRef, useState } from 'react';
import WaveSurfer, { type WaveSurferOptions } from 'wavesurfer.js';
import { ViewStrip, type WaveformView } from './view-strip';

export type { WaveformView } from './view-strip';
import type { CanvasSize } from '../timeline/use-canvas-size';
import { drawWaveform, pyramidSteps, type PeakPyramid, type WaveScratch } from './peak-pyramid';
import { scrollTarget, waveformTransform } from './waveform-align';
import { rescaleWhileZooming, ZOOM_SETTLE_MS } from './zoom-settle';

export interface WaveformProps {
  /** The stem to draw; wavesurfer fetches and decodes it unless `peaks` are given. */
  url: string | null;
  /** Per channel, the largest |sample| per block over `duration` (envelope.ts): nothing fetched. */
  peaks?: Array<Float32Array | number[]>;
  duration?: number;
  /** The timeline's view, read when `subscribe` fires: both draw time t at the same x. */
  getView: () => WaveformView;
  subscribe: (listener: () => void) => () => void;
  height?: number;
  waveColor?: string;
  /** Accessible name, e.g. "Waveform of vocals". */
  label: string;
}

/**
 * The chosen stem's waveform on the timeline's time axis. From `peaks` (the analysis' envelope:
 * the usual case) it is drawn by the page from a level-of-detail pyramid (`peak-pyramid.ts`), one
 * or two entries per pixel column at any zoom; only without them (the analysis failed) does
 * wavesurfer fetch, decode and draw the stem.
 */
export function Waveform(props: WaveformProps) {
  const channel = props.peaks?.[0];
  if (channel && props.duration)
    return <PeaksWaveform {...props} peaks={channel} duration={props.duration} />;
  return <WavesurferWaveform {...props} />;
}

const pyramids = new WeakMap<object, PeakPyramid>();

/**
 * The pyramid of `peaks`, built a step at a time between frames (null until done); kept per peaks
 * object, so a remount (a stem switched back) does not build it again.
 */
function usePeakPyramid(peaks: Float32Array | number[], duration: number): PeakPyramid | null {
  const [built, setBuilt] = useState<{ peaks: object; pyramid: PeakPyramid } | null>(null);
  useEffect(() => {
    if (pyramids.has(peaks)) return;
    const steps = pyramidSteps(peaks, duration);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const t0 = performance.now();
      for (;;) {
        const next = steps.next();
        if (next.done) {
          pyramids.set(peaks, next.value);
          setBuilt({ peaks, pyramid: next.value });
          return;
        }
        if (performance.now() - t0 > 6) break;
      }
      timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [peaks, duration]);
  return pyramids.get(peaks) ?? (built?.peaks === peaks ? built.pyramid : null);
}

/**
 * The last exact painting, three views wide (the view and one either side), for rescaling while
 * the zoom moves: what it holds, in device px.
 */
interface WidePainting {
  canvas: HTMLCanvasElement;
  scratch: WaveScratch;
  /** Painted from `startTime` at `pxPerSecond` (null: nothing yet, or a new pyramid). */
  painted: { pyramid: PeakPyramid; startTime: number; pxPerSecond: number; width: number } | null;
  /** The zoom rested: the next draw paints exactly again. */
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The waveform for `view`. While the zoom moves (pxPerSecond differs from the last exact
 * painting's), the wide painting is only rescaled (one drawImage, nearest neighbour) and an exact
 * painting follows once the zoom has rested for ZOOM_SETTLE_MS; scrolling paints exactly each
 * frame. After each exact painting at a new zoom, the wide one is painted for the next zoom.
 */
function drawPeaks(
  ctx: CanvasRenderingContext2D,
  pyramid: PeakPyramid,
  view: WaveformView,
  size: CanvasSize,
  color: string,
  scratch: WaveScratch,
  wide: WidePainting,
  repaint: () => void,
): void {
  const painted = wide.painted;
  const zooming = painted?.pyramid === pyramid && painted.pxPerSecond !== view.pxPerSecond;
  // zooming implies a painting to rescale
  if (rescaleWhileZooming(wide, zooming, repaint) && painted) {
    const dpr = size.devicePixelRatio || 1;
    const x = (painted.startTime - view.startTime) * view.pxPerSecond * dpr;
    const w = (painted.width * view.pxPerSecond) / painted.pxPerSecond;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, Math.round(size.width * dpr), Math.round(size.height * dpr));
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(wide.canvas, x, 0, w, wide.canvas.height);
    return;
  }
  drawWaveform(ctx, pyramid, view, size, color, scratch);
  if (painted?.pyramid === pyramid && painted.pxPerSecond === view.pxPerSecond) return;
  // the view and one either side, for the next zoom's rescaling
  const span = size.width / view.pxPerSecond;
  const dpr = size.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(size.width * dpr) * 3);
  const height = Math.max(1, Math.round(size.height * dpr));
  if (wide.canvas.width !== width) wide.canvas.width = width;
  if (wide.canvas.height !== height) wide.canvas.height = height;
  const wctx = wide.canvas.getContext('2d');
  if (!wctx) return;
  const startTime = view.startTime - span;
  drawWaveform(
    wctx,
    pyramid,
    { startTime, pxPerSecond: view.pxPerSecond },
    { ...size, width: size.width * 3 },
    color,
    wide.scratch,
  );
  wide.painted = { pyramid, startTime, pxPerSecond: view.pxPerSecond, width };
}

function PeaksWaveform({
  peaks,
  duration,
  getView,
  subscribe,
  height = 72,
  waveColor = '#4f8fc9',
  label,
}: Omit<WaveformProps, 'peaks'> & { peaks: Float32Array | number[]; duration: number }) {
  const pyramid = usePeakPyramid(peaks, duration);
  const scratch = useRef<WaveScratch>({ columns: new Uint8Array(0) });
  const wide = useRef<WidePainting | null>(null);
  // the strip's own "paint again" (the zoom rested), next to the view's
  const repaints = useRef(new Set<() => void>());
  const subscribeAll = useCallback(
    (listener: () => void) => {
      const off = subscribe(listener);
      const own = repaints.current;
      own.add(listener);
      return () => {
        off();
        own.delete(listener);
      };
    },
    [subscribe],
  );
  useEffect(() => () => clearTimeout(wide.current?.timer), []);
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, view: WaveformView, size: CanvasSize) => {
      if (!pyramid) {
        ctx.clearRect(0, 0, size.width, size.height);
        return;
      }
      wide.current ??= {
        canvas: document.createElement('canvas'),
        scratch: { columns: new Uint8Array(0) },
        painted: null,
        settled: false,
        timer: undefined,
      };
      drawPeaks(ctx, pyramid, view, size, waveColor, scratch.current, wide.current, () => {
        for (const listener of repaints.current) listener();
      });
    },
    [pyramid, waveColor],
  );
  return (
    <div
      role="img"
      aria-label={label}
      data-state={pyramid ? 'ready' : 'loading'}
      // overflow hidden: in the timeline's flex column the strip may shrink (min-height 0) so the
      // word canvas keeps its room on a short screen, as wavesurfer's box did
      style={{ position: 'relative', overflow: 'hidden', height, pointerEvents: 'none' }}
    >
      <ViewStrip draw={draw} getView={getView} subscribe={subscribeAll} height={height} />
    </div>
  );
}

/**
 * A wavesurfer that only draws: its own muted media element, no interaction, no cursor, and a
 * scroll box that clips. The waveform scrolls with the timeline's view (setScroll), never by
 * itself, so it is no scroll region a keyboard user would have to reach (axe:
 * scrollable-region-focusable) and adds no useless tab stop next to the timeline's. wavesurfer
 * sets the box's overflow on every render: a rule in its shadow root wins.
 */
function createDrawOnlyWavesurfer(
  container: HTMLElement,
  media: HTMLAudioElement,
  options: Pick<
    WaveSurferOptions,
    'height' | 'url' | 'peaks' | 'duration' | 'waveColor' | 'minPxPerSec'
  >,
): WaveSurfer {
  media.muted = true;
  const ws = WaveSurfer.create({
    ...options,
    container,
    media,
    progressColor: options.waveColor,
    cursorWidth: 0,
    interact: false,
    autoScroll: false,
    autoCenter: false,
    hideScrollbar: true,
    fillParent: false,
    normalize: true,
  });
  const root = ws.getWrapper().getRootNode();
  if (root instanceof ShadowRoot) {
    const clip = document.createElement('style');
    clip.textContent = '.scroll { overflow-x: hidden !important; }';
    root.append(clip);
  }
  return ws;
}

/**
 * Without peaks: the stem's waveform drawn by wavesurfer.js 8, slaved to the timeline's view. Wavesurfer
 * only draws (no interaction, no cursor, its own silent media element: the StemPlayer plays).
 * Its zoom follows pxPerSecond and its scroll startTime; waveform-align.ts makes up the sub-pixel
 * and out-of-range remainder, so words and waveform never slide apart.
 */
function WavesurferWaveform(props: WaveformProps) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const p = useRef(props);
  useEffect(() => {
    p.current = props;
  });
  const [error, setError] = useState<string | null>(null);
  const { url, peaks, duration, height = 72, waveColor = '#4f8fc9' } = props;

  useEffect(() => {
    const el = inner.current;
    if (!el || (!url && !peaks)) return;
    setError(null);
    const media = document.createElement('audio');
    const ws = createDrawOnlyWavesurfer(el, media, {
      height,
      url: url ?? undefined,
      peaks,
      duration,
      waveColor,
      minPxPerSec: p.current.getView().pxPerSecond,
    });
    let rendered = p.current.getView().pxPerSecond;
    let zoomTimer: ReturnType<typeof setTimeout> | undefined;
    let raf = 0;
    const sync = () => {
      raf = 0;
      const view = p.current.getView();
      if (view.pxPerSecond !== rendered) {
        // Re-render once the zoom rests (the timer restarts on every change): wavesurfer redraws
        // from the decoded audio, which takes hundreds of ms on a long song. Meanwhile the old
        // render is rescaled (waveformTransform).
        clearTimeout(zoomTimer);
        zoomTimer = setTimeout(() => {
          zoomTimer = undefined;
          // wavesurfer throws on zoom before the audio is decoded; 'ready' schedules this again.
          if (!ws.getDecodedData()) return;
          rendered = p.current.getView().pxPerSecond;
          ws.zoom(rendered);
          sync();
        }, ZOOM_SETTLE_MS);
      }
      if (view.pxPerSecond === rendered) ws.setScroll(scrollTarget(view));
      el.style.transform = waveformTransform(view, rendered, ws.getScroll());
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(sync);
    };
    const offReady = ws.on('ready', schedule);
    const offRedraw = ws.on('redraw', schedule);
    const offError = ws.on('error', (e) => setError(e.message || 'could not draw the waveform'));
    const unsubscribe = p.current.subscribe(schedule);
    schedule();
    return () => {
      unsubscribe();
      offReady();
      offRedraw();
      offError();
      cancelAnimationFrame(raf);
      clearTimeout(zoomTimer);
      ws.destroy();
      media.removeAttribute('src');
    };
  }, [url, peaks, duration, height, waveColor]);

  return (
    <div
      ref={outer}
      role="img"
      aria-label={props.label}
      style={{ position: 'relative', overflow: 'hidden', height, pointerEvents: 'none' }}
    >
      <div ref={inner} style={{ position: 'absolute', inset: 0, transformOrigin: '0 0' }} />
      {error && (
        <p
          role="status"
          style={{ position: 'absolute', margin: 4, fontSize: 12, color: '#e5484d' }}
        >
          Waveform unavailable: {error}
        </p>
      )}
    </div>
  );
}
