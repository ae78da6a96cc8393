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
  readonly pending: { items: readonly AlignmentItem[]; transient: boolean }[];
  /** One cell per key, updated in place: one map lookup per recorded item. */
  readonly cells: Map<string, KeyCell>;
}

export interface KeyCell {
  newest: AlignmentItem;
  /** The last durable item before `newest` (transient ones, drag previews, never land here). */
  before: AlignmentItem | undefined;
  /** `newest` came from a transient version (a drag preview). */
  transient: boolean;
}

export function createKeyIndex(items: readonly AlignmentItem[]): KeyIndex {
  return { pending: [{ items, transient: false }], cells: new Map() };
}

/**
 * Records the items an edit added. `transient`: a version that is looked at and dropped (each frame
 * of a drag preview); it never pushes the durable item out of a cell, so the document being dragged
 * still finds its own items without the fallback after any number of preview frames.
 */
export function recordItems(
  index: KeyIndex,
  items: readonly AlignmentItem[],
  transient = false,
): void {
  if (index.pending.length) index.pending.push({ items, transient });
  else record(index, items, transient);
}

/** The index with every pending item recorded. */
export function indexed(index: KeyIndex): KeyIndex {
  if (index.pending.length) {
    const pending = index.pending.splice(0);
    for (const { items, transient } of pending) record(index, items, transient);
  }
  return index;
}

function record(index: KeyIndex, items: readonly AlignmentItem[], transient: boolean): void {
  const { cells } = index;
  for (const item of items) {
    const key = keyOf(item);
    const cell = cells.get(key);
    if (cell === undefined) cells.set(key, { newest: item, before: undefined, transient });
    else if (cell.newest === item) cell.transient &&= transient;
    else {
      if (!cell.transient) cell.before = cell.newest;
      cell.newest = item;
      cell.transient = transient;
    }
  }
}
