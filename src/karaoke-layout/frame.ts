import type { KaraokeLayout, LaidBreak, LaidLeadIn, LaidLine, LaidTitleCard } from './layout';

export interface FrameLine {
  readonly line: LaidLine;
  /** 0..1: fading in or out with a `fade` transition. */
  readonly opacity: number;
  /** Pixels to add to `line.y` (a `slide` transition). */
  readonly offsetY: number;
  /** The line is being sung (its unsung words take the `active` colour). */
  readonly current: boolean;
  /** How much of each segment is filled (0..1), in `line.segments` order. */
  readonly fills: readonly number[];
}

export interface KaraokeFrame {
  readonly time: number;
  readonly lines: readonly FrameLine[];
  readonly titleCard: { readonly card: LaidTitleCard; readonly opacity: number } | null;
  readonly countdown: { readonly break: LaidBreak; readonly value: number } | null;
  readonly progress: { readonly break: LaidBreak; readonly fraction: number } | null;
  /** Lead-in bars and how much of each is left (1 = full, 0 = gone). */
  readonly leadIns: readonly { readonly leadIn: LaidLeadIn; readonly left: number }[];
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** How much of a segment from `start` to `end` is filled at `t` (the ASS `\kf` sweep). */
export const fillAt = (start: number, end: number, t: number): number =>
  t >= end ? 1 : t <= start ? 0 : clamp01((t - start) / (end - start));

/** The lines on screen at `t`: `show <= t < hide` (binary search over shows, then a short scan). */
export function linesOnScreen(layout: KaraokeLayout, t: number): LaidLine[] {
  const lines = layout.lines;
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid] as LaidLine).show <= t) lo = mid + 1;
    else hi = mid;
  }
  // Shows are non-decreasing within a run; a line on screen started at most a screenful before.
  const out: LaidLine[] = [];
  for (let k = lo - 1; k >= 0 && k >= lo - 1 - layout.rows * 4; k--) {
    const line = lines[k] as LaidLine;
    if (line.show <= t && t < line.hide) out.push(line);
  }
  return out.reverse();
}

/**
 * Everything drawn at time `t` (seconds of the song): the editor's preview draws this on a canvas,
 * and the ASS script of the video holds the same lines at the same times.
 */
export function frameAt(layout: KaraokeLayout, t: number): KaraokeFrame {
  const d = layout.transitionSeconds;
  const lines = linesOnScreen(layout, t).map((line): FrameLine => {
    const edge = d > 0 ? Math.min(clamp01((t - line.show) / d), clamp01((line.hide - t) / d)) : 1;
    return {
      line,
      opacity: layout.transition === 'fade' ? edge : 1,
      offsetY: layout.transition === 'slide' ? (1 - edge) * layout.rowHeight * 0.5 : 0,
      current: t >= line.start && t < line.end,
      fills: line.segments.map((s) => fillAt(s.start, s.end, t)),
    };
  });
  const card = layout.titleCard;
  const titleCard =
    card && t >= card.from && t < card.to
      ? {
          card,
          opacity:
            d > 0
              ? Math.min(
                  clamp01((t - card.from) / d + (card.from === 0 ? 1 : 0)),
                  clamp01((card.to - t) / d),
                )
              : 1,
        }
      : null;
  let countdown: KaraokeFrame['countdown'] = null;
  let progress: KaraokeFrame['progress'] = null;
  for (const b of layout.breaks) {
    if (b.countdown && t >= b.countdown.from && t < b.countdown.to) {
      countdown = { break: b, value: Math.max(1, Math.ceil(b.end - t)) };
    }
    if (b.progress && t >= b.progress.from && t < b.progress.to) {
      progress = { break: b, fraction: clamp01((t - b.progress.from) / (b.end - b.progress.from)) };
    }
  }
  const leadIns = layout.leadIns
    .filter((l) => t >= l.from && t < l.to)
    .map((leadIn) => ({ leadIn, left: clamp01((leadIn.to - t) / (leadIn.to - leadIn.from)) }));
  return { time: t, lines, titleCard, countdown, progress, leadIns };
}
