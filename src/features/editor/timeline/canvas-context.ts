/**
 * The part of CanvasRenderingContext2D the renderers use: small enough for a recording fake in
 * tests, and a real context satisfies it as is.
 */
export interface Canvas2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  font: string;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
  /** Set by setFont as a mark (below): no drawing here depends on it. */
  miterLimit?: number;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  /** Optional so that small fakes need not have it; a real context does. */
  setLineDash?(segments: number[]): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  /** Optional likewise: the engine copies its cached layer with it (a real context has it). */
  drawImage?(image: CanvasImageSource, dx: number, dy: number): void;
  measureText(text: string): { width: number };
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
}

/** Per context, the font last set through `setFont`. */
const fonts = new WeakMap<Canvas2D, string>();
/**
 * A miter limit no drawing here depends on (only rectangles are stroked: their corners need 1.42),
 * set with each font: a context reset by a resize reads back its default (10), and the font is
 * set again. (Reading `font` back serialises it: as slow as setting it.)
 */
const FONT_MARK = 9.75;

/**
 * Sets `ctx.font` unless this function set it already and the context was not reset since: a
 * context parses the font string on every set.
 */
export function setFont(ctx: Canvas2D, font: string): void {
  if (fonts.get(ctx) === font && ctx.miterLimit === FONT_MARK) return;
  ctx.font = font;
  ctx.miterLimit = FONT_MARK;
  fonts.set(ctx, font);
}
