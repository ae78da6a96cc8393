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

/** Lines a window may hold before it is cut without a break (a song's run is far shorter). */
export const MAX_WINDOW_LINES = 400;

/**
 * Where the song can be cut into independent layouts: before each line that follows a hidden
 * instrumental break long enough that nothing of the previous lines carries over (rows start again
 * at the top, no show or hide reaches across, a lead-in is due anyway). A layout of the lines
 * between two cuts is then the same, line for line, as the whole song's. A run longer than
 * MAX_WINDOW_LINES is also cut every MAX_WINDOW_LINES lines (rows may differ there: no real song
 * has such a run). Always starts with 0.
 */
export function cutsOf(
  lines: KaraokeSource['lines'],
  style: Pick<StyleObject, 'layout' | 'overlays'>,
): number[] {
  const cuts = [0];
  if (lines.length === 0) return cuts;
  const hides = style.overlays.instrumentalBreak.hideLyrics;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const gap = Math.max(
    Math.max(0.5, num(style.overlays.instrumentalBreak.minGap, 5)),
    Math.max(0, num(style.layout.anticipationBuffer, 3)) + HOLD_AFTER_LINES + TRANSITION_SECONDS,
    Math.max(0, num(style.overlays.leadIn.minGap, 3)),
  );
  let endBefore = lines[0]?.end ?? -Infinity;
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k] as { start: number; end: number };
    const last = cuts[cuts.length - 1] as number;
    if ((hides && line.start - endBefore >= gap) || k - last >= MAX_WINDOW_LINES) cuts.push(k);
    if (line.end > endBefore) endBefore = line.end;
  }
  return cuts;
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
 * The lines to lay out for time `t`: from the cut at or before the last line started (so the
 * break `t` may be in is inside) to the first cut after the next line to start. `t` before the
 * first line gives the window from 0 (the title card is in it).
 */
export function windowAt(
  lines: KaraokeSource['lines'],
  cuts: readonly number[],
  t: number,
): { from: number; to: number } {
  const p = startedBy(lines, t);
  // Greatest cut <= max(0, p - 1), smallest cut > p.
  const target = Math.max(0, p - 1);
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cuts[mid] as number) <= target) lo = mid + 1;
    else hi = mid;
  }
  const from = cuts[Math.max(0, lo - 1)] as number;
  let k = lo;
  while (k < cuts.length && (cuts[k] as number) <= p) k++;
  const to = k < cuts.length ? (cuts[k] as number) : lines.length;
  return { from, to };
}
