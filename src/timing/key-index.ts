import type { AlignmentItem } from '../contract';
import { keyOf } from './item-key';

/**
 * Key -> item lookup shared by every version of one document (one `createDoc` lineage). Each key
 * has one cell holding the newest item object seen under it and the one before; a version finds
 * its own by checking which of them it holds (a search on the item itself). An edit records what
 * it added by updating cells in place: no copy of a 100,000-entry map and no allocation (a list of
 * candidates per key cost a few hundred bytes per moved word, most of the garbage collector's work
 * at 1,000 words a move).
 *
 * A version holding an item older than both (the loaded base after several edits of a word, say)
 * falls back to a full key map of that version, built once and cached with it.
 * Built on first use: a document only read (a merge input) never pays for it.
 */
export interface KeyIndex {
  /** Items not yet indexed, in the order they appeared (the root items, then each edit's). */
  readonly pending: (readonly AlignmentItem[])[];
  /** One cell per key, updated in place: one map lookup per recorded item. */
  readonly cells: Map<string, KeyCell>;
}

export interface KeyCell {
  newest: AlignmentItem;
  before: AlignmentItem | undefined;
}

export function createKeyIndex(items: readonly AlignmentItem[]): KeyIndex {
  return { pending: [items], cells: new Map() };
}

export function recordItems(index: KeyIndex, items: readonly AlignmentItem[]): void {
  if (index.pending.length) index.pending.push(items);
  else record(index, items);
}

/** The index with every pending item recorded. */
export function indexed(index: KeyIndex): KeyIndex {
  if (index.pending.length) {
    const pending = index.pending.splice(0);
    for (const items of pending) record(index, items);
  }
  return index;
}

function record(index: KeyIndex, items: readonly AlignmentItem[]): void {
  const { cells } = index;
  for (const item of items) {
    const key = keyOf(item);
    const cell = cells.get(key);
    if (cell === undefined) cells.set(key, { newest: item, before: undefined });
    else if (cell.newest !== item) {
      cell.before = cell.newest;
      cell.newest = item;
    }
  }
}
