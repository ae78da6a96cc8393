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
  // Signs, not differences: a difference of two times is a double, boxed on every call from sort.
  if (a.start < b.start) return -1;
  if (a.start > b.start) return 1;
  return (
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

/**
 * A copy of `item` with new times. Written out field by field: a spread copy (`{ ...item, start }`)
 * gets a hidden class with 4 in-object fields plus a separate property array, a second allocation
 * per word, and mixes shapes so reads of `start` in sorts and searches go polymorphic (ADR 0007).
 * The service's items have these fields only (the contract's item is a strict object).
 */
export function withTimes(item: AlignmentItem, start: number, end: number): AlignmentItem {
  const { id, line, word, subword, text, singer, translations } = item;
  return build(id, line, word, subword, start, end, text, singer, translations);
}

/** Fields to change; a field given as `undefined` is removed (singer, translations, id). */
export type ItemPatch = { [K in keyof AlignmentItem]?: AlignmentItem[K] | undefined };

/** A copy of `item` with `patch` applied, in the same field-by-field shape as `withTimes`. */
export function reviseItem(item: AlignmentItem, patch: ItemPatch): AlignmentItem {
  const pick = <K extends keyof AlignmentItem>(k: K): AlignmentItem[K] =>
    (k in patch ? patch[k] : item[k]) as AlignmentItem[K];
  return build(
    pick('id'),
    pick('line'),
    pick('word'),
    pick('subword'),
    pick('start'),
    pick('end'),
    pick('text'),
    pick('singer'),
    pick('translations'),
  );
}

function build(
  id: string | undefined,
  line: number,
  word: number,
  subword: number,
  start: number,
  end: number,
  text: string,
  singer: number | undefined,
  translations: AlignmentItem['translations'],
): AlignmentItem {
  const next: AlignmentItem =
    id === undefined
      ? { line, word, subword, start, end, text }
      : { id, line, word, subword, start, end, text };
  if (singer !== undefined) next.singer = singer;
  if (translations !== undefined) next.translations = translations;
  return next;
}
