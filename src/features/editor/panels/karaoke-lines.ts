import type { AlignmentItem } from '../../../contract';
import { compareLyric, forEachItem, keyOf, type TimingDoc } from '../../../timing';

export interface KaraokeWord {
  readonly key: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The next item is a subword of the same word: no space between them. */
  readonly joinNext: boolean;
}

export interface KaraokeLine {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly words: readonly KaraokeWord[];
}

/** The document's lines in the order they are sung (by start), each with its words in lyric order. */
export function buildKaraokeLines(doc: TimingDoc): KaraokeLine[] {
  const byLine = new Map<number, AlignmentItem[]>();
  forEachItem(doc, 0, doc.size, (item) => {
    const list = byLine.get(item.line);
    if (list) list.push(item);
    else byLine.set(item.line, [item]);
  });
  const lines: KaraokeLine[] = [];
  for (const [line, items] of byLine) {
    items.sort(compareLyric);
    let start = Infinity;
    let end = -Infinity;
    const words = items.map((item, i) => {
      start = Math.min(start, item.start);
      end = Math.max(end, item.end);
      return {
        key: keyOf(item),
        text: item.text,
        start: item.start,
        end: item.end,
        joinNext: items[i + 1]?.word === item.word,
      };
    });
    lines.push({ line, start, end, words });
  }
  return lines.sort((a, b) => a.start - b.start || a.line - b.line);
}

/**
 * The line to show as current at time `t`: the one being sung, else the next one to be sung
 * (after the last line: the last). -1 when there are no lines.
 */
export function lineAt(lines: readonly KaraokeLine[], t: number): number {
  if (lines.length === 0) return -1;
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid] as KaraokeLine).start <= t) lo = mid + 1;
    else hi = mid;
  }
  const started = lo - 1;
  if (started < 0) return 0;
  // Overlapping lines (duets): an earlier line may still be sounding; the later start wins.
  if ((lines[started] as KaraokeLine).end >= t || started === lines.length - 1) return started;
  return started + 1;
}

export type WordState = 'sung' | 'active' | 'future';

export function wordState(start: number, end: number, t: number): WordState {
  if (t >= end) return 'sung';
  if (t >= start) return 'active';
  return 'future';
}
