import type { AlignmentItem } from '../contract';
import {
  buildDoc,
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

/**
 * What an edit changed: the item objects it took out and the ones it put in (a moved word is one
 * of each), and the estimated flags it turned off and on. History, drafts and rebase all store
 * changes, never document copies; a step costs what it changed.
 */
export interface Change {
  readonly removed: readonly AlignmentItem[];
  readonly added: readonly AlignmentItem[];
  readonly estimatedOff: readonly string[];
  readonly estimatedOn: readonly string[];
}

export const EMPTY_CHANGE: Change = { removed: [], added: [], estimatedOff: [], estimatedOn: [] };

export function isEmptyChange(c: Change): boolean {
  return !c.removed.length && !c.added.length && !c.estimatedOff.length && !c.estimatedOn.length;
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

/** Target chunk for a new item: the last chunk whose first item is not after it. */
function targetChunk(
  chunks: readonly Chunk[],
  firstStarts: readonly number[],
  item: AlignmentItem,
): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((firstStarts[mid] as number) <= item.start) lo = mid;
    else hi = mid - 1;
  }
  // A tie on start: the full order decides (rare).
  while (lo > 0 && compareItems((chunks[lo] as Chunk)[0] as AlignmentItem, item) > 0) lo--;
  return lo;
}

/**
 * Applies a change; throws when a removed item is not in the document (a programming error).
 * `transient`: the result is a throwaway view (a drag preview frame), see `recordItems`.
 */
export function applyChange(
  doc: TimingDoc,
  change: Change,
  { transient = false }: { transient?: boolean } = {},
): TimingDoc {
  if (isEmptyChange(change)) return doc;
  const empty = !doc.chunks.length;
  const chunks: readonly Chunk[] = empty ? [[]] : doc.chunks;
  const index: ChunkIndex = empty ? { chunks, firstStarts: [0], lastStarts: [0] } : doc;
  const { firstStarts } = index;
  // Per chunk: the positions leaving it and the items (in order) entering it.
  const removedAt = new Array<number[] | undefined>(chunks.length);
  for (const item of change.removed) {
    const at = locate(index, item);
    if (at < 0) throw new Error(`applyChange: item ${keyOf(item)} is not in the document`);
    (removedAt[chunkOf(at)] ??= []).push(slotOf(at));
  }
  const addedAt = new Array<AlignmentItem[] | undefined>(chunks.length);
  for (const item of [...change.added].sort(compareItems))
    (addedAt[targetChunk(chunks, firstStarts, item)] ??= []).push(item);
  const next: Chunk[] = [];
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as Chunk;
    const gone = removedAt[c];
    const added = addedAt[c];
    if (!gone && !added) {
      next.push(chunk);
      continue;
    }
    const merged =
      (gone && added && replaceInPlace(chunk, gone, added)) || rebuild(index, c, gone, added);
    const prev = next[next.length - 1];
    if (merged.length < CHUNK_SIZE / 4 && prev && prev.length + merged.length <= CHUNK_SIZE * 2) {
      next[next.length - 1] = prev.concat(merged);
    } else if (merged.length > CHUNK_SIZE * 2) {
      for (let i = 0; i < merged.length; i += CHUNK_SIZE)
        next.push(merged.slice(i, i + CHUNK_SIZE));
    } else if (merged.length > 0) next.push(merged);
  }
  recordItems(doc.byKey, change.added, transient);
  let maxItemDuration = doc.maxItemDuration;
  for (const item of change.added)
    maxItemDuration = Math.max(maxItemDuration, item.end - item.start);
  return buildDoc(next, {
    duration: doc.duration,
    maxItemDuration,
    byKey: doc.byKey,
    estimated: applyFlags(doc.estimated, change),
  });
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
 * with each new item where an old one was (a small move or resize). Two block copies and a write
 * per item; null when the order would not hold (then `rebuild` does the general merge).
 */
function replaceInPlace(
  chunk: Chunk,
  gone: number[],
  added: readonly AlignmentItem[],
): Chunk | null {
  if (gone.length !== added.length) return null;
  gone.sort((a, b) => a - b);
  const out = chunk.slice();
  for (let i = 0; i < gone.length; i++) out[gone[i] as number] = added[i] as AlignmentItem;
  const inOrder = (j: number) =>
    j <= 0 ||
    j >= out.length ||
    compareItems(out[j - 1] as AlignmentItem, out[j] as AlignmentItem) < 0;
  for (const at of gone) if (!inOrder(at) || !inOrder(at + 1)) return null;
  return out;
}

/** The chunk without the items at `gone`, with the sorted `added` merged in: one pass. */
function rebuild(
  index: ChunkIndex,
  c: number,
  gone: number[] | undefined,
  added: readonly AlignmentItem[] | undefined,
): Chunk {
  const chunk = index.chunks[c] as Chunk;
  const skip = gone ? gone.sort((a, b) => a - b) : [];
  const add = added ?? [];
  // Where each added item goes: a search each, not a comparison per kept item.
  const at = add.map((item) => insertionPoint(index, c, item));
  const out: AlignmentItem[] = [];
  let g = 0;
  let a = 0;
  for (let j = 0; j < chunk.length; j++) {
    while (a < add.length && (at[a] as number) <= j) out.push(add[a++] as AlignmentItem);
    if (g < skip.length && skip[g] === j) {
      g++;
      continue;
    }
    out.push(chunk[j] as AlignmentItem);
  }
  while (a < add.length) out.push(add[a++] as AlignmentItem);
  return out;
}
