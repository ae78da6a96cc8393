/**
 * The waveform's level of detail: the peaks (largest |sample| per block, envelope.ts) normalised
 * to 0..255 and halved again and again (each entry of level k+1 is the larger of two of level k),
 * so a frame at any zoom reads one or two entries per device-pixel column: a zoomed-out hour
 * draws ~1,300 columns, never the ~4,000,000 peaks (wavesurfer redrew them all when a zoom rested:
 * one main-thread task of 100-250 ms; ADR 0018).
 */
export interface PeakPyramid {
  /** Seconds the peaks span. */
  readonly duration: number;
  /** Seconds per entry of level 0. */
  readonly blockSeconds: number;
  /** levels[k][i]: the largest peak of blocks [i * 2^k, (i + 1) * 2^k), 0..255 of the loudest. */
  readonly levels: readonly Uint8Array[];
}

/**
 * Builds the pyramid in steps of about `perStep` entries (a step is a millisecond or two), so the
 * page can run it between frames: the iterator's result is the pyramid.
 */
export function* pyramidSteps(
  peaks: ArrayLike<number>,
  duration: number,
  perStep = 1 << 18,
): Generator<undefined, PeakPyramid> {
  const n = peaks.length;
  let max = 0;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + perStep);
    for (; i < end; i++) {
      const v = Math.abs(peaks[i] ?? 0);
      if (v > max) max = v;
    }
    if (i < n) yield;
  }
  const scale = max > 0 ? 255 / max : 0;
  const base = new Uint8Array(n);
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + perStep);
    for (; i < end; i++) base[i] = Math.round(Math.abs(peaks[i] ?? 0) * scale);
    if (i < n) yield;
  }
  const levels: Uint8Array[] = [base];
  for (let below = base; below.length > 1;) {
    const up = new Uint8Array(Math.ceil(below.length / 2));
    for (let i = 0; i < up.length;) {
      const end = Math.min(up.length, i + perStep);
      for (; i < end; i++) {
        const a = below[2 * i] ?? 0;
        const b = below[2 * i + 1] ?? 0;
        up[i] = a > b ? a : b;
      }
      if (i < up.length) yield;
    }
    levels.push(up);
    below = up;
  }
  return { duration, blockSeconds: n > 0 ? duration / n : 0, levels };
}

/** The whole pyramid at once (tests). */
export function buildPyramid(peaks: ArrayLike<number>, duration: number): PeakPyramid {
  const steps = pyramidSteps(peaks, duration, Infinity);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The largest level-0 entry in [from, to) (blocks): climbing the levels from both ends, one entry
 * taken at an odd end per level (as a bottom-up segment tree is read), so at most two entries a
 * level and no search for the level that fits.
 */
export function peakBetween(p: PeakPyramid, from: number, to: number): number {
  const levels = p.levels;
  const base = levels[0];
  if (!base || base.length === 0) return 0;
  let lo = Math.max(0, Math.floor(from));
  let hi = Math.min(base.length, Math.ceil(to));
  if (hi <= lo) return base[Math.min(base.length - 1, lo)] ?? 0;
  let max = 0;
  for (let k = 0; lo < hi; k++) {
    const level = levels[k];
    if (!level) break;
    if (k + 1 === levels.length) {
      // the top (one entry): whatever is left
      for (let i = lo; i < hi; i++) if ((level[i] ?? 0) > max) max = level[i] ?? 0;
      break;
    }
    if (lo & 1) {
      const v = level[lo++] ?? 0;
      if (v > max) max = v;
    }
    if (hi & 1) {
      const v = level[--hi] ?? 0;
      if (v > max) max = v;
    }
    lo >>= 1;
    hi >>= 1;
  }
  return max;
}

export interface StripView {
  startTime: number;
  pxPerSecond: number;
}

/**
 * The height (0..255) of each device-pixel column of a strip `columns` wide showing `view` at
 * `devicePixelRatio`: the largest peak over the column's time. Writes into `out` (reused).
 */
export function waveformColumns(
  p: PeakPyramid,
  view: StripView,
  devicePixelRatio: number,
  out: Uint8Array,
): Uint8Array {
  out.fill(0);
  if (p.blockSeconds <= 0 || !(view.pxPerSecond > 0)) return out;
  const columnSeconds = 1 / (view.pxPerSecond * devicePixelRatio);
  const blocksPerColumn = columnSeconds / p.blockSeconds;
  const count = p.levels[0]?.length ?? 0;
  for (let c = 0; c < out.length; c++) {
    const t = view.startTime + c * columnSeconds;
    const from = t / p.blockSeconds;
    if (from >= count) break;
    const to = from + blocksPerColumn;
    if (to <= 0) continue;
    out[c] = peakBetween(p, from, to);
  }
  return out;
}

/** What `drawWaveform` needs of a 2D context (a fake one in tests). */
export interface WaveContext {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillStyle: string | CanvasGradient | CanvasPattern;
  /** With both (and a colour `rgbaWord` reads), the bars are written as pixels: one blit. */
  createImageData?(width: number, height: number): ImageData;
  putImageData?(image: ImageData, x: number, y: number): void;
}

/**
 * `#rgb`, `#rrggbb` or `#rrggbbaa` as one 32-bit word of ImageData's bytes (R, G, B, A in memory:
 * little endian, as the spectrogram's colour map); null for any other way of writing a colour.
 */
export function rgbaWord(color: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  let hex = m[1];
  if (hex.length === 3) hex = [...hex].map((h) => h + h).join('');
  if (hex.length === 6) hex += 'ff';
  const byte = (k: number) => parseInt(hex.slice(2 * k, 2 * k + 2), 16);
  return ((byte(3) << 24) | (byte(2) << 16) | (byte(1) << 8) | byte(0)) >>> 0;
}

/** Where column value `v` (1..255) puts its bar: [top, top + height) device px. */
function barOf(v: number, half: number): { top: number; height: number } {
  const height = Math.max(1, Math.round((v / 255) * half) * 2);
  return { top: Math.round(half - height / 2), height };
}

/** Scratch of `drawWaveform`, reused between frames. */
export interface WaveScratch {
  columns: Uint8Array;
  image?: ImageData | null;
}

/**
 * Paints the view's columns as bars mirrored about the middle (the picture wavesurfer's line
 * renderer drew from the same peaks, normalised to the loudest). Written as pixels and put in one
 * blit when the context can (a software canvas rasterised ~1,300 one-pixel rects in about a
 * millisecond a frame, the blit in a tenth of that); else one fillRect per column with sound.
 * Returns the columns painted.
 */
export function drawWaveform(
  ctx: WaveContext,
  p: PeakPyramid,
  view: StripView,
  size: { width: number; height: number; devicePixelRatio: number },
  color: string,
  scratch: WaveScratch,
): number {
  const dpr = size.devicePixelRatio || 1;
  const width = Math.max(0, Math.round(size.width * dpr));
  const height = Math.round(size.height * dpr);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (scratch.columns.length !== width) scratch.columns = new Uint8Array(width);
  const columns = waveformColumns(p, view, dpr, scratch.columns);
  const half = height / 2;
  const word = ctx.createImageData && ctx.putImageData ? rgbaWord(color) : null;
  if (word !== null && width > 0 && height > 0 && ctx.createImageData && ctx.putImageData) {
    let image = scratch.image;
    if (!image || image.width !== width || image.height !== height)
      image = scratch.image = ctx.createImageData(width, height);
    const painted = writeBars(new Uint32Array(image.data.buffer), columns, width, height, word);
    ctx.putImageData(image, 0, 0);
    return painted;
  }
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = color;
  let painted = 0;
  for (let c = 0; c < width; c++) {
    const v = columns[c] ?? 0;
    if (v === 0) continue;
    const bar = barOf(v, half);
    ctx.fillRect(c, bar.top, 1, bar.height);
    painted++;
  }
  return painted;
}

/** The bars of `columns` as pixels of `word` on a clear `width` x `height` picture. */
function writeBars(
  pixels: Uint32Array,
  columns: Uint8Array,
  width: number,
  height: number,
  word: number,
): number {
  pixels.fill(0);
  const half = height / 2;
  let painted = 0;
  for (let c = 0; c < width; c++) {
    const v = columns[c] ?? 0;
    if (v === 0) continue;
    // barOf's bar, inline: no object made per column and frame
    const barHeight = Math.max(1, Math.round((v / 255) * half) * 2);
    const top = Math.round(half - barHeight / 2);
    const end = Math.min(height, top + barHeight);
    for (let y = Math.max(0, top); y < end; y++) pixels[y * width + c] = word;
    painted++;
  }
  return painted;
}
