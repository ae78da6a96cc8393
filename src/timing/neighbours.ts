import type { AlignmentItem } from '../contract';
import { indexOfItem, itemAt, type TimingDoc } from './doc';
import { keyOf, withTimes } from './item-key';

/** How far (in items) to look for a neighbour of the same singer before giving up. */
const SCAN_LIMIT = 256;

export const singerOf = (item: AlignmentItem): number => item.singer ?? 0;

/**
 * The nearest item of the same singer before (dir -1) or after (dir 1) `item` in document order,
 * skipping `skip` keys (the selection being moved).
 */
export function neighbour(
  doc: TimingDoc,
  item: AlignmentItem,
  dir: 1 | -1,
  skip: ReadonlySet<string>,
): AlignmentItem | undefined {
  const from = indexOfItem(doc, item);
  if (from < 0) return undefined;
  for (let i = from + dir, n = 0; i >= 0 && i < doc.size && n < SCAN_LIMIT; i += dir, n++) {
    const x = itemAt(doc, i) as AlignmentItem;
    if (singerOf(x) === singerOf(item) && !skip.has(keyOf(x))) return x;
  }
  return undefined;
}

/**
 * Ripple: shifts same-singer items after (dir 1) or before (dir -1) `item` so none overlaps the
 * frontier, each keeping its duration. Returns old -> new pairs.
 */
export function pushChain(
  doc: TimingDoc,
  item: AlignmentItem,
  dir: 1 | -1,
  frontier: number,
  skip: ReadonlySet<string>,
): [AlignmentItem, AlignmentItem][] {
  const out: [AlignmentItem, AlignmentItem][] = [];
  let edge = frontier;
  let current: AlignmentItem | undefined = item;
  for (;;) {
    const next: AlignmentItem | undefined = neighbour(doc, current, dir, skip);
    if (!next) return out;
    const shift = dir === 1 ? edge - next.start : edge - next.end;
    if (dir === 1 ? shift <= 0 : shift >= 0) return out;
    const start = Math.max(0, Math.min(doc.duration, next.start + shift));
    const end = Math.max(start, Math.min(doc.duration, next.end + shift));
    out.push([next, withTimes(next, start, end)]);
    edge = dir === 1 ? end : start;
    current = next;
  }
}
