import type { AlignmentItem, StyleObject } from '../../contract';
import {
  layoutKaraoke,
  REFERENCE_SHORT_SIDE,
  type KaraokeLayout,
  type MeasureText,
} from '../../karaoke-layout';

export interface OverflowIssue {
  /** The style field to change first. */
  readonly path: string;
  readonly message: string;
}

/** The frame of an aspect ratio in the style's pixels (a 1080-pixel short side). */
export function frameSize(aspectRatio: string): { width: number; height: number } {
  const [w, h] = aspectRatio.split(':').map(Number);
  const ratio = w && h ? w / h : 16 / 9;
  return ratio >= 1
    ? { width: Math.round(REFERENCE_SHORT_SIDE * ratio), height: REFERENCE_SHORT_SIDE }
    : { width: REFERENCE_SHORT_SIDE, height: Math.round(REFERENCE_SHORT_SIDE / ratio) };
}

const listLines = (numbers: readonly number[]) =>
  numbers.length > 3
    ? `${numbers.length} lines (the first is line ${numbers[0]})`
    : `line${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}`;

/**
 * What would not fit the frame with this style, read from the same layout the video is made from
 * (src/karaoke-layout): lines the layout had to draw smaller than the style's size (too wide even
 * when split, or not split), a screen of lines taller than the frame between its margins, and a
 * title or artist drawn smaller on the title card.
 */
export function overflowFromLayout(style: StyleObject, layout: KaraokeLayout): OverflowIssue[] {
  const issues: OverflowIssue[] = [];
  const wanted = style.chordTextStyle.fontSize * layout.scale;
  const shrunk = [
    ...new Set(
      layout.lines.filter((l) => l.font.size < wanted * 0.99).map((l) => l.sourceLine + 1),
    ),
  ].sort((a, b) => a - b);
  if (shrunk.length) {
    const which = listLines(shrunk);
    issues.push({
      path: 'chordTextStyle.fontSize',
      message: style.layout.autoSplitLongLines
        ? `A word on ${which} is wider than the frame even on a line of its own, so it would be drawn smaller: make the lyrics smaller or the side margins narrower.`
        : `${which[0]?.toUpperCase()}${which.slice(1)} ${shrunk.length > 1 ? 'are' : 'is'} wider than the frame and would be drawn smaller: make the lyrics smaller, or let long lines split.`,
    });
  }
  const padY = (style.layout.paddingVertical / 100) * layout.height;
  const room = style.layout.alignment === 'center' ? layout.height : layout.height - padY;
  if (layout.rows * layout.rowHeight > room) {
    issues.push({
      path: 'layout.linesPerScreen',
      message: `${layout.rows} lines of this size and spacing are taller than the frame: show fewer lines per screen, or make the lyrics or the line spacing smaller.`,
    });
  }
  const card = layout.titleCard;
  if (card) {
    const tc = style.overlays.titleCard;
    if (card.title.font.size < tc.titleStyle.fontSize * layout.scale * 0.99) {
      issues.push({
        path: 'overlays.titleCard.titleStyle.fontSize',
        message:
          'The title is wider than the title card and would be drawn smaller: make it smaller.',
      });
    }
    if (card.artists && card.artists.font.size < tc.artistStyle.fontSize * layout.scale * 0.99) {
      issues.push({
        path: 'overlays.titleCard.artistStyle.fontSize',
        message:
          'The artist is wider than the title card and would be drawn smaller: make it smaller.',
      });
    }
  }
  return issues;
}

/** Lays the lyrics out at the video's frame size and reports what would not fit. */
export function overflowIssues(
  style: StyleObject,
  items: readonly AlignmentItem[],
  measure: MeasureText,
  title?: { title: string; artists: readonly string[] },
): OverflowIssue[] {
  const { width, height } = frameSize(style.aspectRatio);
  const layout = layoutKaraoke({
    items,
    style,
    width,
    height,
    measure,
    title: title?.title,
    artists: title?.artists,
  });
  return overflowFromLayout(style, layout);
}
