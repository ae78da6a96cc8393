import { columnsAt, type Spectrogram } from '../audio/spectrogram-compute';

export interface StripView {
  startTime: number;
  pxPerSecond: number;
  width: number;
}

/** Which columns of which level cover the view, and where they land (CSS px). */
export interface SpectrogramSlice {
  level: number;
  from: number;
  to: number;
  x0: number;
  x1: number;
}

/**
 * The visible part of the image: the coarsest level with at least one column per CSS pixel (a
 * zoomed-out hour reads ~1 column per pixel, not 180,000), cut to the view.
 */
export function spectrogramSlice(s: Spectrogram, view: StripView): SpectrogramSlice | null {
  const colsPerPx = 1 / (view.pxPerSecond * s.hopSeconds);
  const level = Math.max(0, Math.min(s.levels.length - 1, Math.floor(Math.log2(colsPerPx))));
  const hop = s.hopSeconds * 2 ** level;
  const offset = -s.hopSeconds / 2; // column c is centred on c * hopSeconds at level 0
  const end = view.startTime + view.width / view.pxPerSecond;
  const n = columnsAt(s, level);
  const from = Math.max(0, Math.floor((view.startTime - offset) / hop));
  const to = Math.min(n, Math.ceil((end - offset) / hop));
  if (to <= from) return null;
  const x = (c: number) => (offset + c * hop - view.startTime) * view.pxPerSecond;
  return { level, from, to, x0: x(from), x1: x(to) };
}

const STOPS: [number, [number, number, number]][] = [
  [0, [13, 10, 26]],
  [0.35, [59, 31, 110]],
  [0.6, [176, 54, 107]],
  [0.8, [241, 129, 58]],
  [1, [251, 231, 122]],
];

/** 256 RGBA colours, dark (quiet) to yellow (loud), as one 32-bit word each (little endian). */
export const COLOR_MAP: Uint32Array = (() => {
  const out = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < STOPS.length - 2 && t > STOPS[k + 1]![0]) k++;
    const [t0, a] = STOPS[k]!;
    const [t1, b] = STOPS[k + 1]!;
    const f = (t - t0) / (t1 - t0);
    const c = a.map((v, j) => Math.round(v + (b[j]! - v) * f));
    out[i] = (255 << 24) | (c[2]! << 16) | (c[1]! << 8) | c[0]!;
  }
  return out;
})();

/**
 * Writes the slice's columns into `pixels` (width = to - from, height = bins, highest band on top),
 * through the colour map. ~100k pixels for a full-width view: well under a millisecond.
 */
export function paintSlice(s: Spectrogram, slice: SpectrogramSlice, pixels: Uint32Array): void {
  const data = s.levels[slice.level]!;
  const width = slice.to - slice.from;
  const bins = s.bins;
  for (let c = 0; c < width; c++) {
    const src = (slice.from + c) * bins;
    for (let b = 0; b < bins; b++) pixels[(bins - 1 - b) * width + c] = COLOR_MAP[data[src + b]!]!;
  }
}
