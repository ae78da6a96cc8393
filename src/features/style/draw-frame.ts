import {
  toCss,
  type FontSpec,
  type KaraokeFrame,
  type KaraokeLayout,
  type LaidText,
  type Rgba,
} from '../../karaoke-layout';
import { cssFont } from './canvas-measure';

const withAlpha = (c: Rgba, opacity: number): string => toCss({ ...c, a: c.a * opacity });

function outlinedText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  font: FontSpec,
  fill: string,
  outline: string,
  outlineWidth: number,
) {
  ctx.font = cssFont(font);
  if (outlineWidth > 0) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = outlineWidth * 2;
    ctx.strokeStyle = outline;
    ctx.strokeText(text, x, y);
  }
  ctx.fillStyle = fill;
  ctx.fillText(text, x, y);
}

function centredText(ctx: CanvasRenderingContext2D, t: LaidText, opacity: number) {
  ctx.textAlign = 'center';
  outlinedText(
    ctx,
    t.text,
    t.x,
    t.y,
    t.font,
    withAlpha(t.colour, opacity),
    withAlpha(t.outlineColour, opacity),
    t.outline,
  );
  ctx.textAlign = 'left';
}

/**
 * Draws one frame of the karaoke layout (src/karaoke-layout `frameAt`) on a canvas of the
 * layout's size: background, lines with each word's fill sweep, title card, lead-in bars, the
 * break's countdown and progress bar. The video is made from the same layout.
 */
export function drawFrame(
  ctx: CanvasRenderingContext2D,
  layout: KaraokeLayout,
  frame: KaraokeFrame,
) {
  const { width: W, height: H } = layout;
  const bg = layout.background;
  if (bg.kind === 'solid') ctx.fillStyle = toCss(bg.colour);
  else {
    const g = ctx.createLinearGradient(0, 0, 0, H);
    g.addColorStop(0, toCss(bg.from));
    g.addColorStop(1, toCss(bg.to));
    ctx.fillStyle = g;
  }
  ctx.fillRect(0, 0, W, H);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';

  for (const { line, opacity, offsetY, current, fills } of frame.lines) {
    const y = line.y + offsetY;
    ctx.save();
    if (line.shadow.x || line.shadow.y || line.shadow.blur) {
      ctx.shadowColor = withAlpha(line.colours.shadow, opacity);
      ctx.shadowOffsetX = line.shadow.x;
      ctx.shadowOffsetY = line.shadow.y;
      ctx.shadowBlur = line.shadow.blur;
    }
    line.segments.forEach((seg, i) => {
      const x = line.x + seg.x;
      const fill = fills[i] ?? 0;
      const base = current ? line.colours.active : line.colours.text;
      outlinedText(
        ctx,
        seg.text,
        x,
        y,
        line.font,
        withAlpha(base, opacity),
        withAlpha(line.colours.outline, opacity),
        line.outline,
      );
      if (fill > 0) {
        ctx.save();
        ctx.shadowColor = 'transparent';
        ctx.beginPath();
        ctx.rect(
          x - line.outline,
          y - line.font.size,
          seg.width * fill + line.outline,
          line.font.size * 2,
        );
        ctx.clip();
        outlinedText(
          ctx,
          seg.text,
          x,
          y,
          line.font,
          withAlpha(line.colours.fill, opacity),
          withAlpha(line.colours.outline, opacity),
          line.outline,
        );
        ctx.restore();
      }
    });
    ctx.restore();
  }

  if (frame.titleCard) {
    centredText(ctx, frame.titleCard.card.title, frame.titleCard.opacity);
    if (frame.titleCard.card.artists)
      centredText(ctx, frame.titleCard.card.artists, frame.titleCard.opacity);
  }

  for (const { leadIn, left } of frame.leadIns) {
    const w = leadIn.width * left;
    const x = leadIn.x - w;
    const top = leadIn.y - leadIn.height / 2;
    if (leadIn.outline > 0) {
      ctx.fillStyle = toCss(leadIn.outlineColour);
      ctx.fillRect(
        x - leadIn.outline,
        top - leadIn.outline,
        w + 2 * leadIn.outline,
        leadIn.height + 2 * leadIn.outline,
      );
    }
    ctx.fillStyle = toCss(leadIn.colour);
    ctx.fillRect(x, top, w, leadIn.height);
  }

  if (frame.progress?.break.progress) {
    const p = frame.progress.break.progress;
    const x = p.x;
    const top = p.y - p.height / 2;
    if (p.outline > 0) {
      ctx.fillStyle = toCss(p.outlineColour);
      ctx.fillRect(
        x - p.outline,
        top - p.outline,
        p.width + 2 * p.outline,
        p.height + 2 * p.outline,
      );
    }
    ctx.fillStyle = toCss(p.background);
    ctx.fillRect(x, top, p.width, p.height);
    ctx.fillStyle = toCss(p.fill);
    ctx.fillRect(x, top, p.width * frame.progress.fraction, p.height);
  }

  if (frame.countdown?.break.countdown) {
    const c = frame.countdown.break.countdown;
    ctx.textAlign = 'center';
    outlinedText(
      ctx,
      String(frame.countdown.value),
      c.x,
      c.y,
      c.font,
      toCss(c.colour),
      toCss(c.outlineColour),
      c.outline,
    );
    ctx.textAlign = 'left';
  }
}
