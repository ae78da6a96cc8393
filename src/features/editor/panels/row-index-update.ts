import type { AlignmentItem } from '../../../contract';
import { forEachItem, indexOfItem, keyOf, type Change, type TimingDoc } from '../../../timing';

/**
 * The word list's rows (built by row-index.ts): a header per line, then the line's items in lyric order.
 * Built in one pass over the document plus small per-line sorts, into typed arrays, so 100,000
 * items cost a few milliseconds and little memory. After an edit that only re-timed words (a drag)
 * it is updated from the change instead (row-index-update.ts): the rows stay, a few positions move.
 */
export interface RowIndex {
  readonly doc: TimingDoc;
  readonly count: number;
  /** Per row: the item's document index, or -1 for a line header. */
  readonly docIndex: Int32Array;
  /** Per row: the line number (headers and items). */
  readonly line: Float64Array;
  /** Per document index: its row. */
  readonly rowOfDocIndex: Int32Array;
  /** Per row: the row of its line's header (a header points at itself). */
  readonly headerRow: Int32Array;
}

/** Beyond this many items (changed, or shifted between them), a full build is as cheap. */
const MAX_CHANGED = 2_000;
const MAX_SPAN = 20_000;

/** Which rows' line headers a derived index changed (the karaoke lines update only those). */
export const changedHeaders = new WeakMap<
  RowIndex,
  { from: WeakRef<RowIndex>; headers: number[] }
>();

const sameRow = (a: AlignmentItem, b: AlignmentItem) =>
  a.line === b.line && a.word === b.word && a.subword === b.subword && keyOf(a) === keyOf(b);

/**
 * The row index of `doc` from the index of the version it was made from, when `change` only
 * re-timed words (a drag, nudge, tap, resize: each added item replaces a removed one with the
 * same identity and place in the lyrics). The rows stay; only the document positions between
 * each word's old and new place moved, so only those are read. Undefined: build it whole.
 */
export function updateRowIndex(
  prev: RowIndex,
  doc: TimingDoc,
  change: Change,
): RowIndex | undefined {
  const { removed, added } = change;
  if (doc.size !== prev.doc.size || removed.length !== added.length) return undefined;
  if (added.length > MAX_CHANGED) return undefined;
  const byKey = new Map<string, AlignmentItem>();
  for (const item of removed) byKey.set(keyOf(item), item);
  if (byKey.size !== removed.length) return undefined;
  // Each moved word's old and new position: everything between them shifted by one.
  const spans: [number, number][] = [];
  for (const item of added) {
    const old = byKey.get(keyOf(item));
    if (!old || !sameRow(old, item)) return undefined;
    const from = indexOfItem(prev.doc, old);
    const to = indexOfItem(doc, item);
    if (from < 0 || to < 0) return undefined;
    spans.push([Math.min(from, to), Math.max(from, to)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  let total = 0;
  for (const [lo, hi] of spans) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  for (const [lo, hi] of merged) total += hi - lo + 1;
  if (total > MAX_SPAN) return undefined;

  const docIndex = prev.docIndex.slice();
  const rowOfDocIndex = prev.rowOfDocIndex.slice();
  const headers = new Set<number>();
  for (const [lo, hi] of merged) {
    // The rows of the items in [lo, hi] before, by identity; the same items fill it after.
    const rowByKey = new Map<string, number>();
    forEachItem(prev.doc, lo, hi + 1, (item, i) => {
      rowByKey.set(keyOf(item), prev.rowOfDocIndex[i] as number);
    });
    if (rowByKey.size !== hi - lo + 1) return undefined; // duplicate identities: build whole
    let ok = true;
    forEachItem(doc, lo, hi + 1, (item, i) => {
      const row = rowByKey.get(keyOf(item));
      if (row === undefined) ok = false;
      else {
        rowOfDocIndex[i] = row;
        docIndex[row] = i;
      }
    });
    if (!ok) return undefined;
  }
  for (const item of added) {
    const row = rowOfDocIndex[indexOfItem(doc, item)] as number;
    headers.add(prev.headerRow[row] as number);
  }
  const index: RowIndex = {
    doc,
    count: prev.count,
    docIndex,
    line: prev.line,
    rowOfDocIndex,
    headerRow: prev.headerRow,
  };
  changedHeaders.set(index, { from: new WeakRef(prev), headers: [...headers] });
  return index;
}
