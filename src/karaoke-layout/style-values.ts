import type { TextStyle } from '../contract/style';
import type { FontSpec, MeasureText } from './measure';

/** A style member that is a finite number, else the fallback. */
export const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function fontOf(
  style: Pick<TextStyle, 'fontFamily' | 'fontWeight' | 'fontStyle'>,
  size: number,
): FontSpec {
  return {
    family: style.fontFamily || 'Noto Sans',
    size,
    weight: num(style.fontWeight, 700),
    italic: style.fontStyle === 'italic',
  };
}

/** Fits a text to `maxWidth` by drawing it smaller. */
export function fitText(
  text: string,
  font: FontSpec,
  maxWidth: number,
  measure: MeasureText,
): FontSpec {
  const width = measure(text, font);
  return width > maxWidth ? { ...font, size: Math.max(1, (font.size * maxWidth) / width) } : font;
}

/** An outline width of the style (pixels of the reference frame) in this frame's pixels. */
export const outlineWidth = (value: unknown, fallback: number, scale: number): number =>
  Math.max(0, num(value, fallback)) * scale * 0.25;
