import type { AlignmentItem } from '../contract';
import {
  chunkOf,
  slotOf,
  CHUNK_SIZE,
  insertionPoint,
  locate,
  type Chunk,
  type ChunkIndex,
  type TimingDoc,
} from './doc';
import { compareItems, keyOf } from './item-key';
import { recordItems } from './key-index';
import { recordDerivation } from './lineage';
import type { Change } from './op-types';
import { sameItem } from './merge-item';

export type { Change } from './op-types';

export const EMPTY_CHANGE: Change = { removed: [], added: [], estimatedOff: [], estimatedOn: [] };

export function isEmptyChange(c: Change): boolean {
  return !c.removed.length && !c.added.length && !c.estimatedOff.length && !c.estimatedOn.length;
}

/**
 * The change without the items it "replaced" by an equal item (a start typed as it was, a word
 * nudged against a wall): such an edit changes nothing, so it must not become an undo step, make
 * the draft dirty or send a save that only moves the revision. Pairs are compared where planning
 * put them (removed[i] with added[i], the shape of every one-word edit), so a big edit costs one
 * comparison per item and no allocation; the same object is returned when nothing was dropped.
 */
export function withoutUnchanged(c: Change): Change {
  const n = c.removed.length;
  if (n === 0 || n !== c.added.length) return c;
  let unchanged: boolean[] | null = null;
  for (let i = 0; i < n; i++) {
    if (!sameItem(c.removed[i], c.added[i])) continue;
    unchanged ??= new Array<boolean>(n).fill(false);
    unchanged[i] = true;
  }
  if (!unchanged) return c;
  const drop = unchanged;
  const keep = (_: AlignmentItem, i: number) => !drop[i];
  return { ...c, removed: c.removed.filter(keep), added: c.added.filter(keep) };
}

export function invertChange(c: Change): Change {
  return {
    removed: c.added,
    added: c.removed,
    estimatedOff: c.estimatedOn,
    estimatedOn: c.estimatedOff,
  };
}

/** The net change of `first` then `second`. */
export function composeChanges(first: Change, second: Change): Change {
  const secondRemoved = new Set(second.removed);
  const firstAdded = new Set(first.added);
  const flags = new Map<string, [boolean, boolean]>();
  const flip = (key: string, from: boolean, to: boolean) => {
    const seen = flags.get(key);
    flags.set(key, [seen ? seen[0] : from, to]);
  };
  for (const k of first.estimatedOff) flip(k, true, false);
  for (const k of first.estimatedOn) flip(k, false, true);
  for (const k of second.estimatedOff) flip(k, true, false);
  for (const k of second.estimatedOn) flip(k, false, true);
  const estimatedOff: string[] = [];
  const estimatedOn: string[] = [];
  for (const [key, [from, to]] of flags) {
    if (from && !to) estimatedOff.push(key);
    if (!from && to) estimatedOn.push(key);
  }
  return {
    removed: [...first.removed, ...second.removed.filter((x) => !firstAdded.has(x))],
    added: [...first.added.filter((x) => !secondRemoved.has(x)), ...second.added],
    estimatedOff,
    estimatedOn,
  };
}

/**
 * Applies a change; throws when a removed item is not in the document (a programming error).
 * `transient`: the result is a throwaway view (a drag preview frame), see `recordItems`.
 *
 * Allocation is kept to the copies of the touched chunks: at 1,000 scattered words the garbage
 * collector, not the arithmetic, decided the slow runs. Positions leaving the document are packed
 * numbers in one typed array (sorted natively, no comparator), the added items are sorted once and
 * dealt to chunks with a cursor, and untouched chunks keep their first / last starts without an
 * item read.
 */
export function applyChange(
  doc: TimingDoc,
  change: Change,
  { transient = false }: { transient?: boolean } = {},
): TimingDoc {
  if (isEmptyChange(change)) return doc;
  const empty = !doc.chunks.length;
  const index: ChunkIndex = empty ? { chunks: [[]], firstStarts: [0], lastStarts: [0] } : doc;
  const { chunks, firstStarts, lastStarts } = index;
  const gone =
    hint && hint.doc === doc && hint.change === change ? hint.at : positionsOf(index, change);
  const added = inOrder(change.added) ? change.added : [...change.added].sort(compareItems);
  const out = new Chunks();
  let g = 0; // next of `gone`
  let a = 0; // next of `added`
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as Chunk;
    const g0 = g;
    while (g < gone.length && chunkOf(gone[g] as number) === c) g++;
    // An added item belongs to the last chunk whose first item is not after it.
    const a0 = a;
    if (c === chunks.length - 1) a = added.length;
    else {
      const nextFirst = (chunks[c + 1] as Chunk)[0] as AlignmentItem;
      while (a < added.length && sortsBefore(added[a] as AlignmentItem, nextFirst)) a++;
    }
    if (g === g0 && a === a0) {
      out.keep(chunk, firstStarts[c] as number, lastStarts[c] as number);
      continue;
    }
    const merged =
      (g - g0 === a - a0 && replaceInPlace(chunk, gone, g0, added, a0, a - a0)) ||
      rebuild(index, c, gone, g0, g, added, a0, a);
    out.add(merged);
  }
  recordItems(doc.byKey, change.added, transient);
  let maxItemDuration = doc.maxItemDuration;
  for (const item of change.added)
    maxItemDuration = Math.max(maxItemDuration, item.end - item.start);
  const next: TimingDoc = {
    chunks: out.chunks,
    offsets: out.offsets,
    firstStarts: out.firstStarts,
    lastStarts: out.lastStarts,
    size: out.size,
    duration: doc.duration,
    maxItemDuration,
    byKey: doc.byKey,
    estimated: applyFlags(doc.estimated, change),
  };
  if (!transient) recordDerivation(next, doc, change);
  return next;
}

/** Where a change's removed items are, found while it was planned (see `planned`). */
let hint: { doc: TimingDoc; change: Change; at: Float64Array } | undefined;

/**
 * Records that `change`'s removed items are at `at` in `doc` (packed positions, ascending, one per
 * item), found while planning it: `applyChange(doc, change)` then does not search for them again,
 * which was a third of a 1,000-word move. One slot, for the change applied next (a drag applies
 * the same change to the same doc as a preview, then as the commit); any other is searched.
 */
export function planned(doc: TimingDoc, change: Change, at: Float64Array): Change {
  hint = { doc, change, at };
  return change;
}

/** Packed positions of the removed items, ascending. */
function positionsOf(index: ChunkIndex, change: Change): Float64Array {
  const gone = new Float64Array(change.removed.length);
  for (let i = 0; i < gone.length; i++) {
    const item = change.removed[i] as AlignmentItem;
    const at = locate(index, item);
    if (at < 0) throw new Error(`applyChange: item ${keyOf(item)} is not in the document`);
    gone[i] = at;
  }
  return gone.sort();
}

function inOrder(items: readonly AlignmentItem[]): boolean {
  for (let i = 1; i < items.length; i++)
    if (compareItems(items[i - 1] as AlignmentItem, items[i] as AlignmentItem) >= 0) return false;
  return true;
}

/** `item` sorts before `first` (the fast path reads numbers; ties take the full order). */
function sortsBefore(item: AlignmentItem, first: AlignmentItem): boolean {
  return item.start < first.start || (item.start === first.start && compareItems(item, first) < 0);
}

/** The next version's chunk list, built in one pass with its searchable numbers. */
class Chunks {
  readonly chunks: Chunk[] = [];
  readonly offsets: number[] = [0];
  readonly firstStarts: number[] = [];
  readonly lastStarts: number[] = [];
  size = 0;

  keep(chunk: Chunk, first: number, last: number): void {
    this.chunks.push(chunk);
    this.firstStarts.push(first);
    this.lastStarts.push(last);
    this.size += chunk.length;
    this.offsets.push(this.size);
  }

  /** A changed chunk: a small one joins the one before, an oversized one is split. */
  add(merged: Chunk): void {
    const n = this.chunks.length;
    const prev = this.chunks[n - 1];
    if (merged.length < CHUNK_SIZE / 4 && prev && prev.length + merged.length <= CHUNK_SIZE * 2) {
      if (!merged.length) return;
      this.chunks[n - 1] = prev.concat(merged);
      this.lastStarts[n - 1] = (merged[merged.length - 1] as AlignmentItem).start;
      this.size += merged.length;
      this.offsets[n] = this.size;
    } else if (merged.length > CHUNK_SIZE * 2) {
      for (let i = 0; i < merged.length; i += CHUNK_SIZE)
        this.push(merged.slice(i, i + CHUNK_SIZE));
    } else if (merged.length > 0) this.push(merged);
  }

  private push(chunk: Chunk): void {
    this.keep(
      chunk,
      (chunk[0] as AlignmentItem).start,
      (chunk[chunk.length - 1] as AlignmentItem).start,
    );
  }
}

function applyFlags(set: ReadonlySet<string>, change: Change): ReadonlySet<string> {
  if (!change.estimatedOff.length && !change.estimatedOn.length) return set;
  const next = new Set(set);
  for (const k of change.estimatedOff) next.delete(k);
  for (const k of change.estimatedOn) next.add(k);
  return next;
}

/**
 * The common case of a timing edit: as many items enter the chunk as leave it and the order holds
 * with each new item where an old one was (a small move or resize). One block copy and a write
 * per item; null when the order would not hold (then `rebuild` does the general merge).
 * `gone[g0 .. g0 + count)` are packed positions in this chunk, ascending; `added[a0 ..]` sorted.
 */
function replaceInPlace(
  chunk: Chunk,
  gone: Float64Array,
  g0: number,
  added: readonly AlignmentItem[],
  a0: number,
  count: number,
): Chunk | null {
  const out = chunk.slice();
  for (let k = 0; k < count; k++)
    out[slotOf(gone[g0 + k] as number)] = added[a0 + k] as AlignmentItem;
  for (let k = 0; k < count; k++) {
    const j = slotOf(gone[g0 + k] as number);
    const item = out[j] as AlignmentItem;
    if (j > 0 && compareItems(out[j - 1] as AlignmentItem, item) >= 0) return null;
    if (j + 1 < out.length && compareItems(item, out[j + 1] as AlignmentItem) >= 0) return null;
  }
  return out;
}

/** The chunk without the items at `gone[g0 .. g1)`, with sorted `added[a0 .. a1)` merged in. */
function rebuild(
  index: ChunkIndex,
  c: number,
  gone: Float64Array,
  g0: number,
  g1: number,
  added: readonly AlignmentItem[],
  a0: number,
  a1: number,
): Chunk {
  const chunk = index.chunks[c] as Chunk;
  // Where each added item goes: a search each, not a comparison per kept item.
  const at: number[] = [];
  for (let k = a0; k < a1; k++) at.push(insertionPoint(index, c, added[k] as AlignmentItem));
  const out: AlignmentItem[] = [];
  let g = g0;
  let a = a0;
  for (let j = 0; j < chunk.length; j++) {
    while (a < a1 && (at[a - a0] as number) <= j) out.push(added[a++] as AlignmentItem);
    if (g < g1 && slotOf(gone[g] as number) === j) {
      g++;
      continue;
    }
    out.push(chunk[j] as AlignmentItem);
  }
  while (a < a1) out.push(added[a++] as AlignmentItem);
  return out;
}
