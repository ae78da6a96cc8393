import type { AlignmentItem } from '../contract';
import { compareItems, keyOf } from './item-key';
import { createKeyIndex, indexed, indexSome, type KeyIndex } from './key-index';

export type Chunk = readonly AlignmentItem[];

/**
 * An alignment as a chunked array sorted by `compareItems`. An edit copies the touched chunks and
 * the chunk list only; untouched chunks are shared between versions (history, drafts and the
 * merge rely on that). Treat every field as read-only.
 */
export interface TimingDoc {
  readonly chunks: readonly Chunk[];
  /** offsets[i] is the index of chunk i's first item; offsets[chunks.length] === size. */
  readonly offsets: readonly number[];
  /** Start of each chunk's first and last item: chunk-level searches read numbers, not objects. */
  readonly firstStarts: readonly number[];
  readonly lastStarts: readonly number[];
  readonly size: number;
  /** Media duration in seconds; Infinity while unknown. Operations clamp to [0, duration]. */
  readonly duration: number;
  /** An upper bound of (end - start) over all items: widens the visible-range search. */
  readonly maxItemDuration: number;
  readonly byKey: KeyIndex;
  /** Keys whose timing was guessed (text edits); metadata, never a field of the item. */
  readonly estimated: ReadonlySet<string>;
}

export const CHUNK_SIZE = 128;

export interface CreateDocOptions {
  duration?: number;
  estimated?: Iterable<string>;
}

export function createDoc(
  items: readonly AlignmentItem[],
  options: CreateDocOptions = {},
): TimingDoc {
  const scan = scanItems(items);
  const sorted = scan.sorted ? items : [...items].sort(compareItems);
  const chunks: Chunk[] = [];
  for (let i = 0; i < sorted.length; i += CHUNK_SIZE) chunks.push(sorted.slice(i, i + CHUNK_SIZE));
  return buildDoc(chunks, {
    duration: options.duration ?? Infinity,
    maxItemDuration: scan.maxDuration,
    byKey: createKeyIndex(sorted),
    estimated: new Set(options.estimated ?? []),
  });
}

export function buildDoc(
  chunks: readonly Chunk[],
  rest: Pick<TimingDoc, 'duration' | 'maxItemDuration' | 'byKey' | 'estimated'>,
): TimingDoc {
  const offsets = new Array<number>(chunks.length + 1);
  let at = 0;
  chunks.forEach((chunk, i) => {
    offsets[i] = at;
    at += chunk.length;
  });
  offsets[chunks.length] = at;
  const firstStarts: number[] = [];
  const lastStarts: number[] = [];
  for (const chunk of chunks) {
    firstStarts.push((chunk[0] as AlignmentItem).start);
    lastStarts.push((chunk[chunk.length - 1] as AlignmentItem).start);
  }
  return { chunks, offsets, firstStarts, lastStarts, size: at, ...rest };
}

/**
 * First position in a chunk whose start is >= `start`. Words are spread fairly evenly in time, so
 * it guesses the position from the chunk's first and last starts and gallops from there: two or
 * three item reads instead of nine. At 100,000 items each read of a scattered item object is a
 * cache miss, which made the searches most of the cost of a 1,000-word edit.
 */
export function lowerStart(chunk: Chunk, start: number, first: number, last: number): number {
  const n = chunk.length;
  if (n === 0) return 0;
  let guess = last > first ? Math.floor(((start - first) / (last - first)) * (n - 1)) : 0;
  guess = guess < 0 ? 0 : guess >= n ? n - 1 : guess;
  let lo: number;
  let hi: number;
  if ((chunk[guess] as AlignmentItem).start >= start) {
    hi = guess;
    let step = 1;
    let p = guess - 1;
    while (p >= 0 && (chunk[p] as AlignmentItem).start >= start) {
      hi = p;
      step *= 2;
      p = guess - step;
    }
    lo = p < 0 ? 0 : p + 1;
  } else {
    lo = guess + 1;
    let step = 1;
    let p = guess + 1;
    while (p < n && (chunk[p] as AlignmentItem).start < start) {
      lo = p + 1;
      step *= 2;
      p = guess + step;
    }
    hi = p < n ? p : n;
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((chunk[mid] as AlignmentItem).start >= start) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** First position in chunk `c` whose item sorts after `item` (where `item` would be inserted). */
export function insertionPoint(doc: ChunkIndex, c: number, item: AlignmentItem): number {
  const chunk = doc.chunks[c] as Chunk;
  let a = lowerStart(chunk, item.start, doc.firstStarts[c] as number, doc.lastStarts[c] as number);
  // Ties on start are ordered by the full comparison; there are few of them.
  while (
    a < chunk.length &&
    (chunk[a] as AlignmentItem).start === item.start &&
    compareItems(chunk[a] as AlignmentItem, item) <= 0
  )
    a++;
  return a;
}

/** What the searches need of a document. */
export type ChunkIndex = Pick<TimingDoc, 'chunks' | 'firstStarts' | 'lastStarts'>;

/**
 * Whether the items are in document order, and the longest one's duration, in one pass: at
 * 100,000 freshly parsed items each read is a cache miss, and opening a document read them twice.
 */
function scanItems(items: readonly AlignmentItem[]): { sorted: boolean; maxDuration: number } {
  let sorted = true;
  let max = 0;
  let prev: AlignmentItem | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as AlignmentItem;
    const duration = item.end - item.start;
    if (duration > max) max = duration;
    if (sorted && prev !== undefined && compareItems(prev, item) > 0) sorted = false;
    prev = item;
  }
  return { sorted, maxDuration: max };
}

/** The chunk holding document index `index` (binary search on the offsets). */
export function chunkOfIndex(doc: TimingDoc, index: number): number {
  let lo = 0;
  let hi = doc.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((doc.offsets[mid] as number) <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function itemAt(doc: TimingDoc, index: number): AlignmentItem | undefined {
  if (index < 0 || index >= doc.size) return undefined;
  const c = chunkOfIndex(doc, index);
  return doc.chunks[c]?.[index - (doc.offsets[c] as number)];
}

export function getItem(doc: TimingDoc, key: string): AlignmentItem | undefined {
  const at = findKey(doc, key);
  return at < 0 ? undefined : itemAtSlot(doc, at);
}

/** Where the item under `key` is in this version, packed (see `locate`); -1 when absent. */
export function findKey(doc: TimingDoc, key: string): number {
  const cell = indexed(doc.byKey).cells.get(key);
  if (cell === undefined) return -1; // never in this lineage
  let at = locate(doc, cell.newest);
  if (at < 0 && cell.before !== undefined) at = locate(doc, cell.before);
  if (at >= 0) return at;
  const item = keyMapOf(doc).get(key);
  return item ? locate(doc, item) : -1;
}

/** The item at a packed position from `locate` or `findKey`. */
export function itemAtSlot(doc: ChunkIndex, at: number): AlignmentItem {
  return (doc.chunks[chunkOf(at)] as Chunk)[slotOf(at)] as AlignmentItem;
}

/** Every key of one version, for the rare lookup of an item older than its key's last two. */
const keyMaps = new WeakMap<TimingDoc, Map<string, AlignmentItem>>();

function keyMapOf(doc: TimingDoc): Map<string, AlignmentItem> {
  let map = keyMaps.get(doc);
  if (!map) {
    map = new Map();
    for (const chunk of doc.chunks) for (const item of chunk) map.set(keyOf(item), item);
    keyMaps.set(doc, map);
  }
  return map;
}

export function isEstimated(doc: TimingDoc, key: string): boolean {
  return doc.estimated.has(key);
}

/** First index whose item is not before `pred` (pred true from some index on). */
export function lowerBound(doc: TimingDoc, pred: (item: AlignmentItem) => boolean): number {
  let lo = 0;
  let hi = doc.chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const chunk = doc.chunks[mid] as Chunk;
    if (pred(chunk[chunk.length - 1] as AlignmentItem)) hi = mid;
    else lo = mid + 1;
  }
  if (lo === doc.chunks.length) return doc.size;
  const chunk = doc.chunks[lo] as Chunk;
  let a = 0;
  let b = chunk.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (pred(chunk[mid] as AlignmentItem)) b = mid;
    else a = mid + 1;
  }
  return (doc.offsets[lo] as number) + a;
}

/** Positions inside a chunk stay below this (chunks are split past twice CHUNK_SIZE). */
const SLOT = 4096;

/**
 * Where this exact item object is, packed in one number (no tuple per lookup): `chunkOf(at)` and
 * `slotOf(at)`; -1 when it is not in the document.
 */
export function locate(doc: ChunkIndex, item: AlignmentItem): number {
  const { chunks, firstStarts, lastStarts } = doc;
  // First chunk whose last start is not before the item's; ties on start are walked below.
  const start = item.start;
  let lo = 0;
  let hi = lastStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lastStarts[mid] as number) >= start) hi = mid;
    else lo = mid + 1;
  }
  for (let c = lo; c < chunks.length; c++) {
    const chunk = chunks[c] as Chunk;
    const a = lowerStart(chunk, start, firstStarts[c] as number, lastStarts[c] as number);
    // Items with the same start are contiguous: the object is one of them or absent.
    for (let j = a; j < chunk.length; j++) {
      const x = chunk[j] as AlignmentItem;
      if (x === item) return c * SLOT + j;
      if (x.start !== start) return -1;
    }
  }
  return -1;
}

export const chunkOf = (at: number) => Math.floor(at / SLOT);
export const slotOf = (at: number) => at % SLOT;

/** Position of this exact item object in the document, or -1. */
export function indexOfItem(doc: TimingDoc, item: AlignmentItem): number {
  const at = locate(doc, item);
  return at < 0 ? -1 : (doc.offsets[chunkOf(at)] as number) + slotOf(at);
}

export function indexOfKey(doc: TimingDoc, key: string): number {
  const item = getItem(doc, key);
  return item ? indexOfItem(doc, item) : -1;
}

/** First index whose start >= t. */
export function indexAtTime(doc: TimingDoc, t: number): number {
  return lowerBound(doc, (x) => x.start >= t);
}

/**
 * Index range [from, to) that may intersect [t0, t1]: items starting before t0 but still sounding
 * are included thanks to `maxItemDuration`. The caller skips the few that end before t0.
 */
export function visibleRange(doc: TimingDoc, t0: number, t1: number): { from: number; to: number } {
  return {
    from: indexAtTime(doc, t0 - doc.maxItemDuration),
    to: lowerBound(doc, (x) => x.start > t1),
  };
}

export function forEachItem(
  doc: TimingDoc,
  from: number,
  to: number,
  fn: (item: AlignmentItem, index: number) => void,
): void {
  const end = Math.min(to, doc.size);
  if (from >= end) return;
  let c = chunkOfIndex(doc, Math.max(0, from));
  let i = Math.max(0, from);
  while (i < end) {
    const chunk = doc.chunks[c] as Chunk;
    const base = doc.offsets[c] as number;
    for (let j = i - base; j < chunk.length && i < end; j++, i++) fn(chunk[j] as AlignmentItem, i);
    c++;
  }
}

export function toArray(doc: TimingDoc): AlignmentItem[] {
  return ([] as AlignmentItem[]).concat(...doc.chunks);
}

/**
 * Indexes up to `max` more words of the document's key lookup (`getItem`); true when it is
 * complete. After an import the lookup of 100,000 new words can be built in slices this way
 * instead of inside whatever looks a word up first.
 */
export function indexSomeKeys(doc: TimingDoc, max: number): boolean {
  return indexSome(doc.byKey, max);
}

/**
 * The items of `keys` in this version (absent keys are left out). While the key lookup is not
 * built yet (a document just loaded) and the keys are few, one pass over the words finds them
 * instead of building the lookup of every word inside the caller's task (ADR 0018: a review's
 * few uncertain words made the first render after a load index 100,000 keys).
 */
export function findItems(doc: TimingDoc, keys: readonly string[]): Map<string, AlignmentItem> {
  const found = new Map<string, AlignmentItem>();
  if (keys.length === 0) return found;
  if (doc.byKey.pending.length === 0 || keys.length > 64) {
    for (const key of keys) {
      const item = getItem(doc, key);
      if (item) found.set(key, item);
    }
    return found;
  }
  const wanted = new Set(keys);
  for (const chunk of doc.chunks)
    for (const item of chunk) {
      const key = keyOf(item);
      if (wanted.has(key)) found.set(key, item);
    }
  return found;
}
