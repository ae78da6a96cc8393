import { getItem, type Chunk, type TimingDoc } from '../../../timing';

interface ChunkSingers {
  /** The singers its items name (unsorted). */
  readonly singers: readonly number[];
  /** Whether some item has no singer. */
  readonly unassigned: boolean;
}
const chunkSingers = new WeakMap<Chunk, ChunkSingers>();
// No set for a chunk without singers (most songs): 800 of them at 100,000 words.
const ALL_UNASSIGNED: ChunkSingers = { singers: [], unassigned: true };

/** The singers of one chunk, scanned once per chunk: after an edit only copied chunks are read. */
function singersOfChunk(chunk: Chunk): ChunkSingers {
  const cached = chunkSingers.get(chunk);
  if (cached) return cached;
  let set: Set<number> | undefined;
  let unassigned = false;
  for (const item of chunk) {
    if (item.singer === undefined) unassigned = true;
    else (set ??= new Set()).add(item.singer);
  }
  const found = set
    ? { singers: [...set], unassigned }
    : unassigned
      ? ALL_UNASSIGNED
      : { singers: [], unassigned };
  chunkSingers.set(chunk, found);
  return found;
}

/** The distinct singers of a document, ascending; `unassigned` adds 0 when an item has none. */
function distinctSingers(doc: TimingDoc, unassigned: boolean): number[] {
  const all = new Set<number>();
  for (const chunk of doc.chunks) {
    const found = singersOfChunk(chunk);
    for (const s of found.singers) all.add(s);
    if (unassigned && found.unassigned) all.add(0);
  }
  return [...all].sort((a, b) => a - b);
}

const docSingers = new WeakMap<TimingDoc, readonly number[]>();

/** The singers the document uses (items without a singer are not counted), ascending. */
export function singersOf(doc: TimingDoc): readonly number[] {
  const cached = docSingers.get(doc);
  if (cached) return cached;
  const out = distinctSingers(doc, false);
  docSingers.set(doc, out);
  return out;
}

const docLanes = new WeakMap<TimingDoc, ReadonlyMap<number, number>>();

/**
 * Singer mode's lanes: the distinct singers of the document (no singer counts as 0), in ascending
 * order, on consecutive rows; at least one lane.
 */
export function singerLanesOf(doc: TimingDoc): ReadonlyMap<number, number> {
  const cached = docLanes.get(doc);
  if (cached) return cached;
  const all = distinctSingers(doc, true);
  if (all.length === 0) all.push(0);
  const lanes = new Map(all.map((singer, lane) => [singer, lane]));
  docLanes.set(doc, lanes);
  return lanes;
}

/** The choices of the Singer select: the used singers, 1 to 3, and one more than the highest. */
export function singerChoices(used: readonly number[]): number[] {
  const set = new Set([...used, 1, 2, 3]);
  set.add(Math.max(...set) + 1);
  return [...set].sort((a, b) => a - b);
}

/**
 * The Singer select's value for a selection: '' (nothing selected), 'none' (no singer), the
 * singer's number, or 'mixed'.
 */
export function selectionSinger(doc: TimingDoc, selection: ReadonlySet<string>): string {
  // Read by a store selector on every store change (drag frames too): once per selection and doc.
  const cached = selectionSingers.get(selection);
  if (cached?.doc === doc) return cached.value;
  const value = scanSinger(doc, selection);
  selectionSingers.set(selection, { doc, value });
  return value;
}

const selectionSingers = new WeakMap<ReadonlySet<string>, { doc: TimingDoc; value: string }>();

function scanSinger(doc: TimingDoc, selection: ReadonlySet<string>): string {
  let value: string | null = null;
  for (const key of selection) {
    const item = getItem(doc, key);
    if (!item) continue;
    const v = item.singer === undefined ? 'none' : String(item.singer);
    if (value === null) value = v;
    else if (value !== v) return 'mixed';
  }
  return value ?? '';
}
