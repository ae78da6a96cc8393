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
  /**
   * Items not yet indexed, in the order they appeared (the root items, then each edit's); `from`:
   * how many of the first batch are indexed already (`indexSome`).
   */
  readonly pending: { items: readonly AlignmentItem[]; transient: boolean; from: number }[];
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
  return { pending: [{ items, transient: false, from: 0 }], cells: new Map() };
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
  // A whole new document's worth (an imported file) waits for the first lookup, like the root
  // items: applying it then costs no key per word inside the edit's own task.
  if (index.pending.length || items.length > EAGER_ITEMS)
    index.pending.push({ items, transient, from: 0 });
  else record(index, items, transient, 0, items.length);
}

/** Edits up to this many items are indexed at once (a drag frame, a line edit). */
const EAGER_ITEMS = 4096;

/** The index with every pending item recorded. */
export function indexed(index: KeyIndex): KeyIndex {
  if (index.pending.length) {
    const pending = index.pending.splice(0);
    for (const { items, transient, from } of pending)
      record(index, items, transient, from, items.length);
  }
  return index;
}

/**
 * Indexes up to `max` pending items, in order; true when none is left. Lets a caller build the
 * index of a new document a slice at a time, before anything looks a word up.
 */
export function indexSome(index: KeyIndex, max: number): boolean {
  const first = index.pending[0];
  if (!first) return true;
  const to = Math.min(first.items.length, first.from + max);
  record(index, first.items, first.transient, first.from, to);
  first.from = to;
  if (to === first.items.length) index.pending.shift();
  return index.pending.length === 0;
}

function record(
  index: KeyIndex,
  items: readonly AlignmentItem[],
  transient: boolean,
  from: number,
  to: number,
): void {
  const { cells } = index;
  for (let i = from; i < to; i++) {
    const item = items[i] as AlignmentItem;
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
