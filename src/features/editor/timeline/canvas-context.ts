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

/** Per context, the font last set through `setFont` and how the context reads it back. */
const fonts = new WeakMap<Canvas2D, { font: string; as: string }>();

/**
 * Sets `ctx.font` unless it already is `font` (a context parses the font string on every set; a
 * frame set it whatever it held). A resize resets the context's font: read back, it differs.
 */
export function setFont(ctx: Canvas2D, font: string): void {
  const last = fonts.get(ctx);
  if (last?.font === font && ctx.font === last.as) return;
  ctx.font = font;
  fonts.set(ctx, { font, as: ctx.font });
}
