import { estimateTextWidth, type FontSpec, type MeasureText } from '../../karaoke-layout';

let context: CanvasRenderingContext2D | null | undefined;

/** A CSS font for a FontSpec: the family, then the fonts the renderer falls back to. */
export const cssFont = (font: FontSpec): string =>
  `${font.italic ? 'italic ' : ''}${font.weight} ${font.size}px ${JSON.stringify(font.family)}, "Noto Sans", "DejaVu Sans", sans-serif`;

/**
 * Text widths from a canvas in this page (the fonts the browser has), cached by font and text;
 * the layout module's estimate where there is no canvas (tests without a DOM).
 */
export function canvasMeasure(): MeasureText {
  if (context === undefined) {
    context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  const ctx = context;
  if (!ctx) return estimateTextWidth;
  const cache = new Map<string, number>();
  return (text, font) => {
    const css = cssFont(font);
    const key = `${css}\u0000${text}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    ctx.font = css;
    const width = ctx.measureText(text).width;
    cache.set(key, width);
    return width;
  };
}
