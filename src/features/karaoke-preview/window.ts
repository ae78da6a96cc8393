import type { StyleObject } from '../../contract';
import { HOLD_AFTER_LINES, TRANSITION_SECONDS, type LayoutItem } from '../../karaoke-layout';

/**
 * What the preview needs of the lyrics: the lines in the order they are sung (by start, then line
 * index, as the layout sorts them) and the items of a range of them. The editor serves it from its
 * row index (a 100,000-item document is not copied per edit); a plain item array is grouped once.
 */
export interface KaraokeSource {
  /** Each line's first start and last end, sorted by start then line index. */
  readonly lines: readonly { readonly start: number; readonly end: number }[];
  /** The items of lines `from` (inclusive) to `to` (exclusive) of `lines`. */
  itemsOf(from: number, to: number): LayoutItem[];
  /** Every item (what a whole-song layout reads). */
  readonly size: number;
}

/** A source over a plain array of alignment items (the style editor's sample, tests). */
export function itemsSource(items: readonly LayoutItem[]): KaraokeSource {
  const byLine = new Map<number, LayoutItem[]>();
  for (const item of items) {
    const list = byLine.get(item.line);
    if (list) list.push(item);
    else byLine.set(item.line, [item]);
  }
  const groups = [...byLine].map(([line, list]) => ({
    line,
    list,
    start: list.reduce((m, i) => Math.min(m, i.start), Infinity),
    end: list.reduce((m, i) => Math.max(m, i.end), -Infinity),
  }));
  groups.sort((a, b) => a.start - b.start || a.line - b.line);
  return {
    lines: groups,
    size: items.length,
    itemsOf: (from, to) => groups.slice(from, to).flatMap((g) => g.list),
  };
}

/**
 * Lines a run may hold before it is cut without a break (a song's runs are shorter). Laying out
 * 48 lines takes a few milliseconds; a window holds two or three such pieces.
 */
export const MAX_WINDOW_LINES = 48;

/**
 * Where the song can be cut into independent layouts: before each line that follows a hidden
 * instrumental break long enough that nothing of the previous lines carries over (rows start again
 * at the top, no show or hide reaches across, a lead-in is due anyway). A layout of the lines
 * between two cuts is then the same, line for line, as the whole song's. A run longer than
 * MAX_WINDOW_LINES is also cut about every MAX_WINDOW_LINES lines, at a line that takes the top
 * row (so rows stay as in the whole song; only when a line shows may differ by a little for the
 * first lines after such a cut, which `windowAt` keeps away from the time drawn). Always starts
 * with 0.
 */
export function cutsOf(
  lines: KaraokeSource['lines'],
  style: Pick<StyleObject, 'layout' | 'overlays'>,
): number[] {
  const cuts = [0];
  if (lines.length === 0) return cuts;
  const hides = style.overlays.instrumentalBreak.hideLyrics;
  const rows = rowsOf(style);
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const gap = Math.max(
    Math.max(0.5, num(style.overlays.instrumentalBreak.minGap, 5)),
    Math.max(0, num(style.layout.anticipationBuffer, 3)) + HOLD_AFTER_LINES + TRANSITION_SECONDS,
    Math.max(0, num(style.overlays.leadIn.minGap, 3)),
  );
  let endBefore = lines[0]?.end ?? -Infinity;
  let runStart = 0;
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k] as { start: number; end: number };
    const last = cuts[cuts.length - 1] as number;
    if (hides && line.start - endBefore >= gap) {
      cuts.push(k);
      runStart = k;
    } else if (k - last >= MAX_WINDOW_LINES && (k - runStart) % rows === 0) cuts.push(k);
    if (line.end > endBefore) endBefore = line.end;
  }
  return cuts;
}

/** Rows on screen, as the layout reads `linesPerScreen`. */
export function rowsOf(style: Pick<StyleObject, 'layout'>): number {
  const n = style.layout.linesPerScreen;
  return Math.max(1, Math.min(8, Math.round(typeof n === 'number' && Number.isFinite(n) ? n : 2)));
}

/** Index of the first line starting after `t` (= how many lines have started by `t`). */
export function startedBy(lines: KaraokeSource['lines'], t: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid] as { start: number }).start <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The lines to lay out for time `t`: from a cut at least `margin` lines before the last line
 * started (so the lines still on screen and the break `t` may be in are inside) to a cut more
 * than `margin` lines after it (the lines about to show are inside). With `margin` = the rows on
 * screen, the lines drawn at `t` are never the first ones of a window. `t` before the first line
 * gives the window from 0 (the title card is in it).
 */
export function windowAt(
  lines: KaraokeSource['lines'],
  cuts: readonly number[],
  t: number,
  margin = 0,
): { from: number; to: number } {
  const p = startedBy(lines, t);
  // Greatest cut <= max(0, p - 1 - margin), smallest cut > p + margin.
  const target = Math.max(0, p - 1 - margin);
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cuts[mid] as number) <= target) lo = mid + 1;
    else hi = mid;
  }
  const from = cuts[Math.max(0, lo - 1)] as number;
  let k = lo;
  while (k < cuts.length && (cuts[k] as number) <= p + margin) k++;
  const to = k < cuts.length ? (cuts[k] as number) : lines.length;
  return { from, to };
}
