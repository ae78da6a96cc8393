import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { OnsetBox } from '../audio/use-onsets';
import type { WaveformView } from '../audio/waveform';
import type { CanvasSize } from '../timeline/use-canvas-size';
import type { Spectrogram } from './spectrogram-compute';
import { paintSlice, spectrogramSlice } from './spectrogram-render';
import { ViewStrip } from './view-strip';

interface Props {
  /** The vocal analysis (onsets and spectrogram come from one decode of the vocals stem). */
  analysis: OnsetBox;
  getView: () => WaveformView;
  subscribeView: (listener: () => void) => () => void;
  stemLabel: string;
  height?: number;
}

/** An offscreen canvas the size of the slice, reused while the size holds. */
interface Scratch {
  canvas: HTMLCanvasElement;
  image: ImageData | null;
}

/**
 * Paints the visible columns of the precomputed image: one ImageData of about the view's width
 * in pixels (x the bands), scaled onto the strip. Nothing is computed here but a colour lookup.
 */
function drawSpectrogram(
  ctx: CanvasRenderingContext2D,
  s: Spectrogram | null,
  view: WaveformView,
  size: CanvasSize,
  scratch: Scratch,
) {
  ctx.fillStyle = '#0d0a1a';
  ctx.fillRect(0, 0, size.width, size.height);
  if (!s) return;
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
  const subscribe = useCallback(
    (listener: () => void) => {
      const offView = subscribeView(listener);
      const offAnalysis = analysis.subscribe(listener);
      return () => {
        offView();
        offAnalysis();
      };
    },
    [subscribeView, analysis],
  );
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, view: WaveformView, size: CanvasSize) => {
      scratch.current ??= { canvas: document.createElement('canvas'), image: null };
      drawSpectrogram(ctx, analysis.spectrogram(), view, size, scratch.current);
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
