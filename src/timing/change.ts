import type { AlignmentItem } from '../contract';
import { buildDoc, CHUNK_SIZE, locate, type Chunk, type TimingDoc } from './doc';
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
function targetChunk(chunks: readonly Chunk[], item: AlignmentItem): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const first = (chunks[mid] as Chunk)[0];
    if (first && compareItems(first, item) <= 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Applies a change; throws when a removed item is not in the document (a programming error). */
export function applyChange(doc: TimingDoc, change: Change): TimingDoc {
  if (isEmptyChange(change)) return doc;
  const chunks: readonly Chunk[] = doc.chunks.length ? doc.chunks : [[]];
  const removedAt = new Map<number, number[]>();
  for (const item of change.removed) {
    const at = locate(chunks, doc.lastStarts, item);
    if (!at) throw new Error(`applyChange: item ${keyOf(item)} is not in the document`);
    const list = removedAt.get(at[0]);
    if (list) list.push(at[1]);
    else removedAt.set(at[0], [at[1]]);
  }
  const addedAt = new Map<number, AlignmentItem[]>();
  for (const item of [...change.added].sort(compareItems)) {
    const c = targetChunk(chunks, item);
    const list = addedAt.get(c) ?? [];
    list.push(item);
    addedAt.set(c, list);
  }
  const touched = new Set([...removedAt.keys(), ...addedAt.keys()]);
  const next: Chunk[] = [];
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as Chunk;
    if (!touched.has(c)) {
      next.push(chunk);
      continue;
    }
    const merged = rebuild(chunk, removedAt.get(c), addedAt.get(c));
    const prev = next[next.length - 1];
    if (merged.length < CHUNK_SIZE / 4 && prev && prev.length + merged.length <= CHUNK_SIZE * 2) {
      next[next.length - 1] = prev.concat(merged);
    } else if (merged.length > CHUNK_SIZE * 2) {
      for (let i = 0; i < merged.length; i += CHUNK_SIZE)
        next.push(merged.slice(i, i + CHUNK_SIZE));
    } else if (merged.length > 0) next.push(merged);
  }
  recordItems(doc.byKey, change.added);
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

/** The chunk without the items at `gone`, with the sorted `added` merged in: one pass. */
function rebuild(
  chunk: Chunk,
  gone: number[] | undefined,
  added: readonly AlignmentItem[] | undefined,
): Chunk {
  const skip = gone ? gone.sort((a, b) => a - b) : [];
  const add = added ?? [];
  // Where each added item goes: a binary search each, not a comparison per kept item.
  const at = add.map((item) => {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareItems(chunk[mid] as AlignmentItem, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
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
