import {
  toCss,
  type FontSpec,
  type FrameLine,
  type KaraokeFrame,
  type KaraokeLayout,
  type LaidText,
  type Rgba,
} from '../../karaoke-layout';

/** The 2D context calls the frame needs (a real canvas's, or a recording fake in tests). */
export type FrameContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'rect'
  | 'clip'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'strokeText'
  | 'measureText'
  | 'createLinearGradient'
> & {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
  globalAlpha: number;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
};

export const cssFont = (font: FontSpec): string =>
  `${font.italic ? 'italic ' : ''}${Math.round(font.weight)} ${font.size.toFixed(1)}px ${JSON.stringify(font.family)}, "Noto Sans", "DejaVu Sans", sans-serif`;

/**
 * Text widths by font and text. The layout decides where lines break and where they sit (with
 * the service's estimate, as the video does); the words themselves are placed by the real font's
 * widths, as libass places them in the video.
 */
export class WidthCache {
  readonly #widths = new Map<string, number>();
  width(ctx: FrameContext, font: string, text: string): number {
    const key = `${font}\u0000${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      ctx.font = font;
      width = ctx.measureText(text).width;
      if (this.#widths.size > 20_000) this.#widths.clear();
      this.#widths.set(key, width);
    }
    return width;
  }
}

function background(ctx: FrameContext, layout: KaraokeLayout, transparent: boolean) {
  if (transparent) return;
  const bg = layout.background;
  if (bg.kind === 'solid') {
    ctx.fillStyle = toCss(bg.colour);
  } else {
    const gradient = ctx.createLinearGradient(0, 0, 0, layout.height);
    gradient.addColorStop(0, toCss(bg.from));
    gradient.addColorStop(1, toCss(bg.to));
    ctx.fillStyle = gradient;
  }
  ctx.fillRect(0, 0, layout.width, layout.height);
}

function outlined(
  ctx: FrameContext,
  text: string,
  x: number,
  y: number,
  fill: Rgba,
  outline: Rgba,
  width: number,
) {
  if (width > 0 && outline.a > 0) {
    ctx.strokeStyle = toCss(outline);
    ctx.lineWidth = width * 2;
    ctx.lineJoin = 'round';
    ctx.strokeText(text, x, y);
  }
  ctx.fillStyle = toCss(fill);
  ctx.fillText(text, x, y);
}

function centredText(ctx: FrameContext, item: LaidText, alpha: number) {
  ctx.globalAlpha = alpha;
  ctx.font = cssFont(item.font);
  ctx.textAlign = 'center';
  outlined(ctx, item.text, item.x, item.y, item.colour, item.outlineColour, item.outline);
  ctx.textAlign = 'left';
}

function drawLine(ctx: FrameContext, shown: FrameLine, widths: WidthCache) {
  const { line, fills } = shown;
  const font = cssFont(line.font);
  const space = widths.width(ctx, font, ' ');
  // Real widths, anchored as the layout aligned the line.
  const xs: number[] = [];
  let total = 0;
  line.segments.forEach((segment, i) => {
    xs.push(total);
    total += widths.width(ctx, font, segment.text);
    if (segment.space && i < line.segments.length - 1) total += space;
  });
  const left =
    line.align === 'left'
      ? line.x
      : line.align === 'right'
        ? line.x + line.width - total
        : line.x + line.width / 2 - total / 2;
  const y = line.y + shown.offsetY;
  ctx.globalAlpha = shown.opacity;
  ctx.font = font;
  ctx.lineJoin = 'round';
  const c = line.colours;
  const waiting = shown.current ? c.active : c.text;
  const shadow =
    c.shadow.a > 0 && (line.shadow.x !== 0 || line.shadow.y !== 0 || line.shadow.blur > 0);
  line.segments.forEach((segment, i) => {
    const x = left + (xs[i] as number);
    const w = widths.width(ctx, font, segment.text);
    const fill = fills[i] ?? 0;
    if (shadow) {
      ctx.shadowColor = toCss(c.shadow);
      ctx.shadowBlur = line.shadow.blur;
      ctx.shadowOffsetX = line.shadow.x;
      ctx.shadowOffsetY = line.shadow.y;
    }
    outlined(ctx, segment.text, x, y, fill >= 1 ? c.fill : waiting, c.outline, line.outline);
    ctx.shadowColor = 'transparent';
    if (fill > 0 && fill < 1) {
      // The sung part of the word in the fill colour, swept left to right (ASS \kf).
      ctx.save();
      ctx.beginPath();
      ctx.rect(x - line.outline, y - line.font.size, w * fill + line.outline, line.font.size * 2);
      ctx.clip();
      outlined(ctx, segment.text, x, y, c.fill, c.outline, line.outline);
      ctx.restore();
    }
  });
}

/**
 * Draws what `frameAt` says is on screen, in the layout's pixels (the caller scales the context
 * to the canvas): background, lines with their fill, title card, countdown, progress bar, lead-ins.
 */
export function drawKaraokeFrame(
  ctx: FrameContext,
  layout: KaraokeLayout,
  frame: KaraokeFrame,
  widths: WidthCache,
  options: { transparent?: boolean } = {},
): void {
  ctx.save();
  background(ctx, layout, options.transparent ?? false);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (const lead of frame.leadIns) {
    const l = lead.leadIn;
    const w = l.width * lead.left;
    ctx.globalAlpha = 1;
    ctx.fillStyle = toCss(l.colour);
    ctx.fillRect(l.x - w, l.y - l.height / 2, w, l.height);
    if (l.outline > 0) {
      ctx.strokeStyle = toCss(l.outlineColour);
      ctx.lineWidth = l.outline;
      ctx.strokeRect(l.x - w, l.y - l.height / 2, w, l.height);
    }
  }
  for (const line of frame.lines) drawLine(ctx, line, widths);
  if (frame.titleCard) {
    centredText(ctx, frame.titleCard.card.title, frame.titleCard.opacity);
    if (frame.titleCard.card.artists)
      centredText(ctx, frame.titleCard.card.artists, frame.titleCard.opacity);
  }
  const cd = frame.countdown?.break.countdown;
  if (frame.countdown && cd) {
    ctx.globalAlpha = 1;
    ctx.font = cssFont(cd.font);
    ctx.textAlign = 'center';
    outlined(
      ctx,
      String(frame.countdown.value),
      cd.x,
      cd.y,
      cd.colour,
      cd.outlineColour,
      cd.outline,
    );
    ctx.textAlign = 'left';
  }
  const bar = frame.progress?.break.progress;
  if (frame.progress && bar) {
    ctx.globalAlpha = 1;
    const top = bar.y - bar.height / 2;
    ctx.fillStyle = toCss(bar.background);
    ctx.fillRect(bar.x, top, bar.width, bar.height);
    ctx.fillStyle = toCss(bar.fill);
    ctx.fillRect(bar.x, top, bar.width * frame.progress.fraction, bar.height);
    if (bar.outline > 0) {
      ctx.strokeStyle = toCss(bar.outlineColour);
      ctx.lineWidth = bar.outline;
      ctx.strokeRect(bar.x, top, bar.width, bar.height);
    }
  }
  ctx.restore();
}

/** What a screen reader hears for a frame: the lines on screen, the one being sung first. */
export function describeFrame(frame: KaraokeFrame): string {
  if (frame.titleCard) {
    const { title, artists } = frame.titleCard.card;
    return artists ? `${title.text}, ${artists.text}` : title.text;
  }
  if (frame.countdown) return `Instrumental break: lyrics in ${frame.countdown.value}`;
  if (frame.lines.length === 0) return 'No lyrics on screen';
  return frame.lines
    .map((l) =>
      l.line.segments
        .map((s, i, all) => s.text + (s.space && i < all.length - 1 ? ' ' : ''))
        .join(''),
    )
    .join(' / ');
}
