import type { CSSProperties } from 'react';
import { singerColor } from '../timeline/colors';

/** A preview word's singer as an underline colour (CSS variable read by `.karaoke-word`). */
export function singerStyle(singer: number | undefined): CSSProperties | undefined {
  const color = singerColor(singer);
  return color ? ({ '--singer-color': color } as CSSProperties) : undefined;
}
