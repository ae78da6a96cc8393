import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { OnsetBox } from '../audio/use-onsets';
import type { WaveformView } from '../audio/waveform';
import type { CanvasSize } from '../timeline/use-canvas-size';
import type { Spectrogram } from '../audio/spectrogram-compute';
import { paintSlice, spectrogramSlice } from './spectrogram-render';
import { ViewStrip } from '../audio/view-strip';
import { rescaleWhileZooming } from '../audio/zoom-settle';

interface Props {
  /** The vocal analysis (onsets and spectrogram come from one decode of the vocals stem). */
  analysis: OnsetBox;
  getView: () => WaveformView;
  subscribeView: (listener: () => void) => () => void;
  stemLabel: string;
  height?: number;
}

/** An offscreen canvas with the last painted slice, reused while the size holds. */
interface Scratch {
  canvas: HTMLCanvasElement;
  image: ImageData | null;
  /** What the canvas holds: columns [from, to) of `level`, painted for a view at `pxPerSecond`. */
  painted: { s: Spectrogram; level: number; from: number; to: number; pxPerSecond: number } | null;
  /** Set when the zoom rested: the next draw paints the view afresh. */
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Paints the visible columns of the precomputed image: one ImageData of about the view's width
 * in pixels (x the bands), scaled onto the strip. Nothing is computed here but a colour lookup.
 * While the zoom changes, the last painting is only rescaled (a drawImage): the lookup and the
 * upload of a new image run once the zoom has rested for ZOOM_SETTLE_MS (`repaint` then).
 */
function drawSpectrogram(
  ctx: CanvasRenderingContext2D,
  s: Spectrogram | null,
  view: WaveformView,
  size: CanvasSize,
  scratch: Scratch,
  repaint: () => void,
) {
  ctx.fillStyle = '#0d0a1a';
  ctx.fillRect(0, 0, size.width, size.height);
  if (!s) return;
  const painted = scratch.painted;
  const zooming = painted?.s === s && painted.pxPerSecond !== view.pxPerSecond;
  // zooming implies a painting to rescale
  if (rescaleWhileZooming(scratch, zooming, repaint) && painted) {
    // Column c of a level is centred on (c + 1/2) hops minus half a level-0 hop.
    const hop = s.hopSeconds * 2 ** painted.level;
    const offset = -s.hopSeconds / 2;
    const x = (c: number) => (offset + c * hop - view.startTime) * view.pxPerSecond;
    // nearest neighbour while the zoom moves (a software canvas filters every pixel otherwise);
    // the painting afresh once it rests is smoothed
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(scratch.canvas, x(painted.from), 0, x(painted.to) - x(painted.from), size.height);
    return;
  }
  const slice = spectrogramSlice(s, { ...view, width: size.width });
  if (!slice) return;
  const width = slice.to - slice.from;
  if (!scratch.image || scratch.image.width !== width || scratch.image.height !== s.bins) {
    scratch.canvas.width = width;
    scratch.canvas.height = s.bins;
    scratch.image = new ImageData(width, s.bins);
  }
  paintSlice(s, slice, new Uint32Array(scratch.image.data.buffer));
  scratch.canvas.getContext('2d')?.putImageData(scratch.image, 0, 0);
  scratch.painted = {
    s,
    level: slice.level,
    from: slice.from,
    to: slice.to,
    pxPerSecond: view.pxPerSecond,
  };
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(scratch.canvas, slice.x0, 0, slice.x1 - slice.x0, size.height);
}

/** The vocals' spectrogram under the waveform, on the timeline's time axis (toggle: Spectrogram). */
export function SpectrogramView({
  analysis,
  getView,
  subscribeView,
  stemLabel,
  height = 72,
}: Props) {
  const status = useSyncExternalStore(analysis.subscribe, analysis.status);
  const scratch = useRef<Scratch | null>(null);
  // The strip's own "paint again" (the zoom rested), next to the view's and the analysis'.
  const repaints = useRef(new Set<() => void>());
  const subscribe = useCallback(
    (listener: () => void) => {
      const offView = subscribeView(listener);
      const offAnalysis = analysis.subscribe(listener);
      const own = repaints.current;
      own.add(listener);
      return () => {
        offView();
        offAnalysis();
        own.delete(listener);
      };
    },
    [subscribeView, analysis],
  );
  useEffect(() => () => clearTimeout(scratch.current?.timer), []);
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, view: WaveformView, size: CanvasSize) => {
      scratch.current ??= {
        canvas: document.createElement('canvas'),
        image: null,
        painted: null,
        settled: false,
        timer: undefined,
      };
      drawSpectrogram(ctx, analysis.spectrogram(), view, size, scratch.current, () => {
        for (const listener of repaints.current) listener();
      });
    },
    [analysis],
  );
  const ready = status === 'ready' && analysis.spectrogram() !== null;
  return (
    <div className="spectrogram" data-state={ready ? 'ready' : status}>
      <ViewStrip
        draw={draw}
        getView={getView}
        subscribe={subscribe}
        height={height}
        label={`Spectrogram of ${stemLabel}, 80 Hz to 5 kHz`}
      />
      {!ready && (
        <p className="spectrogram-status muted" role="status">
          {status === 'failed'
            ? `The spectrogram is not available: the ${stemLabel} stem could not be analysed.`
            : `Analysing the ${stemLabel} stem…`}
        </p>
      )}
    </div>
  );
}
