import { getItem, type Chunk, type TimingDoc } from '../../../timing';

const chunkSingers = new WeakMap<Chunk, readonly number[]>();
const NO_SINGERS: readonly number[] = [];
const docSingers = new WeakMap<TimingDoc, readonly number[]>();

/**
 * The singers the document uses (items without a singer are not counted), ascending. Cached per
 * chunk: after an edit only the copied chunks are scanned again.
 */
export function singersOf(doc: TimingDoc): readonly number[] {
  const cached = docSingers.get(doc);
  if (cached) return cached;
  const all = new Set<number>();
  for (const chunk of doc.chunks) {
    let singers = chunkSingers.get(chunk);
    if (!singers) {
      // no set for a chunk without singers (most songs): 800 of them at 100,000 words
      let set: Set<number> | undefined;
      for (const item of chunk) if (item.singer !== undefined) (set ??= new Set()).add(item.singer);
      singers = set ? [...set] : NO_SINGERS;
      chunkSingers.set(chunk, singers);
    }
    for (const s of singers) all.add(s);
  }
  const out = [...all].sort((a, b) => a - b);
  docSingers.set(doc, out);
  return out;
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
