import type { AlignmentItem } from '../contract';

/** Stable identity of an item: its `id` when present, else `line/word/subword`. */
export function keyOf(item: AlignmentItem): string {
  return item.id ?? `${item.line}/${item.word}/${item.subword}`;
}

/**
 * The document order: start, then lyric position, then identity. A strict total order for items
 * with distinct identities, so an item can be found again by binary search on itself.
 */
export function compareItems(a: AlignmentItem, b: AlignmentItem): number {
  if (a === b) return 0;
  return (
    a.start - b.start ||
    a.line - b.line ||
    a.word - b.word ||
    a.subword - b.subword ||
    compareStrings(keyOf(a), keyOf(b))
  );
}

/** Lyric order (line, word, subword), used by tap-sync and text edits. */
export function compareLyric(a: AlignmentItem, b: AlignmentItem): number {
  return a.line - b.line || a.word - b.word || a.subword - b.subword || a.start - b.start;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
