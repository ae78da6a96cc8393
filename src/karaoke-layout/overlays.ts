/** The title card, the instrumental breaks' countdown and progress bar, and the lead-ins. */
import type { StyleObject } from '../contract/style';
import { BLACK, parseColour, WHITE } from './colour';
import type { MeasureText } from './measure';
import type { BreakPlan } from './schedule';
import { fitText, fontOf, num, outlineWidth } from './style-values';
import type { LaidBreak, LaidLeadIn, LaidLine, LaidText, LaidTitleCard } from './types';

/** The lead-in's length when the gap allows it (no tempo is known: 4 beats at 120 bpm). */
export const LEAD_IN_SECONDS_PER_BEAT = 0.5;

/** The frame an overlay is laid out in. */
export interface OverlayFrame {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  /** Vertical padding and the widest a text may be (pixels). */
  readonly padY: number;
  readonly maxWidth: number;
  readonly measure: MeasureText;
}

export interface TitleCardInput {
  readonly title?: string | undefined;
  readonly artists?: readonly string[] | undefined;
  /** The first line's start, the style's anticipation and the song's length (seconds). */
  readonly firstStart: number;
  readonly anticipation: number;
  readonly duration: number;
}

/** The title card, and from when lyrics may show (its end when it hides before the lyrics). */
export function layTitleCard(
  style: StyleObject,
  frame: OverlayFrame,
  input: TitleCardInput,
): { titleCard: LaidTitleCard | null; lyricsFrom: number } {
  const tc = style.overlays.titleCard;
  if (!tc.enabled || !input.title) return { titleCard: null, lyricsFrom: -Infinity };
  const auto = tc.autoHideBeforeLyrics;
  const until = Math.min(
    Math.max(0, num(tc.duration, 5)),
    input.duration,
    auto ? Math.max(0, input.firstStart - Math.min(input.anticipation, 1)) : Infinity,
  );
  if (until <= 0) return { titleCard: null, lyricsFrom: -Infinity };
  const { width: W, height: H, scale, maxWidth, measure } = frame;
  const titleFont = fitText(
    input.title,
    fontOf(tc.titleStyle, num(tc.titleStyle.fontSize, 200) * scale),
    maxWidth,
    measure,
  );
  const artistsText = (input.artists ?? []).join(', ');
  const artistFont = artistsText
    ? fitText(
        artistsText,
        fontOf(tc.artistStyle, num(tc.artistStyle.fontSize, 150) * scale),
        maxWidth,
        measure,
      )
    : titleFont;
  const gap = titleFont.size * 0.35;
  const total = titleFont.size + (artistsText ? gap + artistFont.size : 0);
  const top = (H - total) / 2;
  const text = (
    value: string,
    y: number,
    font: LaidText['font'],
    own: typeof tc.titleStyle,
  ): LaidText => ({
    text: value,
    x: W / 2,
    y,
    font,
    colour: parseColour(own.textColor, WHITE),
    outlineColour: parseColour(own.outlineColor, BLACK),
    outline: outlineWidth(own.outlineWidth, 30, scale),
  });
  const titleCard: LaidTitleCard = {
    from: 0,
    to: until,
    title: text(input.title, top + titleFont.size / 2, titleFont, tc.titleStyle),
    artists: artistsText
      ? text(
          artistsText,
          top + titleFont.size + gap + artistFont.size / 2,
          artistFont,
          tc.artistStyle,
        )
      : null,
  };
  return { titleCard, lyricsFrom: auto ? until : -Infinity };
}

/** The breaks of `plan` with their countdown and progress bar. */
export function layBreaks(style: StyleObject, frame: OverlayFrame, plan: BreakPlan): LaidBreak[] {
  const breaks: LaidBreak[] = [];
  for (let k = 1; k < plan.starts.length; k++) {
    if (!plan.breakBefore[k]) continue;
    breaks.push(layBreak(style, frame, plan.endBefore[k] as number, plan.starts[k] as number));
  }
  return breaks;
}

function layBreak(style: StyleObject, frame: OverlayFrame, start: number, end: number): LaidBreak {
  const { width: W, height: H, scale, padY } = frame;
  const cd = style.overlays.breakCountdown;
  const pb = style.overlays.breakProgressBar;
  const cdLength = Math.min(Math.max(0, num(cd.maxDuration, 3)), end - start);
  const cdTo = end - Math.max(0, num(cd.hideBeforeEnd, 0));
  const pbLength = Math.min(Math.max(0, num(pb.maxDuration, 10)), end - start);
  const pbTo = end - Math.max(0, num(pb.hideBeforeEnd, 0));
  const barWidth = (Math.max(1, Math.min(100, num(pb.width, 47))) / 100) * W;
  const barHeight = Math.max(1, num(pb.height, 7.5) * scale);
  const cdFont = fontOf(style.chordTextStyle, Math.max(1, num(cd.textSize, 80) * scale));
  return {
    start,
    end,
    hidden: style.overlays.instrumentalBreak.hideLyrics,
    countdown:
      cd.enabled && cdLength >= 1 && cdTo > end - cdLength
        ? {
            from: end - cdLength,
            to: cdTo,
            x: W / 2,
            y: H / 2 - barHeight * 2 - cdFont.size * 0.6,
            font: cdFont,
            colour: parseColour(cd.style.color, WHITE),
            outlineColour: parseColour(cd.style.outlineColor, BLACK),
            outline: outlineWidth(cd.style.outlineWidth, 14.5, scale),
          }
        : null,
    progress:
      pb.enabled && pbLength > 0 && pbTo > end - pbLength
        ? {
            from: end - pbLength,
            to: pbTo,
            x: (W - barWidth) / 2,
            y:
              pb.position === 'top'
                ? padY + barHeight
                : pb.position === 'bottom'
                  ? H - padY - barHeight
                  : H / 2,
            width: barWidth,
            height: barHeight,
            background: parseColour(pb.style.backgroundColor, { r: 0, g: 0, b: 0, a: 0.4 }),
            fill: parseColour(pb.style.fillColor, parseColour('#FFD400', WHITE)),
            outlineColour: parseColour(pb.style.outlineColor, BLACK),
            outline: outlineWidth(pb.style.outlineWidth, 5, scale),
          }
        : null,
  };
}

/** Lead-ins before lines that follow a gap of leadIn.minGap (or open the song). */
export function layLeadIns(
  style: StyleObject,
  frame: OverlayFrame,
  lines: readonly LaidLine[],
): LaidLeadIn[] {
  const li = style.overlays.leadIn;
  if (!li.enabled) return [];
  const { width: W, scale } = frame;
  const leadIns: LaidLeadIn[] = [];
  const leadSeconds = Math.max(0, num(li.beats, 4)) * LEAD_IN_SECONDS_PER_BEAT;
  let before = -Infinity;
  for (const line of lines) {
    const gap = line.start - before;
    before = Math.max(before, line.end);
    if (line.part > 0 || gap < Math.max(0, num(li.minGap, 3))) continue;
    const from = Math.max(line.show, line.start - leadSeconds);
    if (line.start - from < 0.2) continue;
    const colour =
      li.useNextSingerStyle && line.singer !== undefined
        ? line.colours.fill
        : parseColour(li.style.color, WHITE);
    leadIns.push({
      line: line.id,
      from,
      to: line.start,
      x: line.x + num(li.offsetX, -2) * scale * 4,
      y: line.y + num(li.offsetY, 0) * scale,
      width: Math.max(0, Math.min(1, num(li.width, 0.2))) * W * 0.5,
      height: Math.max(1, num(li.height, 1) * line.font.size * 0.12),
      colour,
      outlineColour: parseColour(li.style.outlineColor, BLACK),
      outline: outlineWidth(li.style.outlineWidth, 3, scale),
    });
  }
  return leadIns;
}
