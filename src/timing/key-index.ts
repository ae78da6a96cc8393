import type { AlignmentItem } from '../contract';
import { keyOf } from './item-key';

/**
 * Key -> item lookup shared by every version of one document (one `createDoc` lineage). It is an
 * append-only cache of every item object ever seen under a key, newest last; a version finds its
 * own by checking which candidate it holds (binary search on the item itself). So an edit records
 * only what it added, with no copy of a 100,000-entry map, and every version stays immutable to
 * the outside. Built on first use: a document only read (a merge input, a base) never pays for it.
 */
export interface KeyIndex {
  /** Items not yet indexed, in the order they appeared (the root items, then each edit's). */
  readonly pending: (readonly AlignmentItem[])[];
  readonly candidates: Map<string, AlignmentItem | AlignmentItem[]>;
  /** Keys that lost old candidates: only these may need the scan fallback. */
  readonly pruned: Set<string>;
}

/** Candidates kept per key; older ones are found again by a scan if ever needed. */
const MAX_CANDIDATES = 64;

export function createKeyIndex(items: readonly AlignmentItem[]): KeyIndex {
  return { pending: [items], candidates: new Map(), pruned: new Set() };
}

export function recordItems(index: KeyIndex, items: readonly AlignmentItem[]): void {
  if (index.pending.length) index.pending.push(items);
  else record(index, items);
}

/** The candidates map, indexing pending items first. */
export function candidates(index: KeyIndex): Map<string, AlignmentItem | AlignmentItem[]> {
  if (index.pending.length) {
    const pending = index.pending.splice(0);
    for (const items of pending) record(index, items);
  }
  return index.candidates;
}

function record(index: KeyIndex, items: readonly AlignmentItem[]): void {
  const map = index.candidates;
  for (const item of items) {
    const key = keyOf(item);
    const seen = map.get(key);
    if (seen === undefined) map.set(key, item);
    else if (Array.isArray(seen)) {
      if (seen[seen.length - 1] === item) continue;
      seen.push(item);
      if (seen.length > MAX_CANDIDATES) {
        seen.splice(0, seen.length - MAX_CANDIDATES / 2);
        index.pruned.add(key);
      }
    } else if (seen !== item) {
      map.set(key, [seen, item]);
    }
  }
}
