import {
  derivedFrom,
  forEachItem,
  indexOfKey,
  itemAt,
  keyOf,
  type TimingDoc,
} from '../../../timing';
import type { AlignmentItem } from '../../../contract';
import { updateRowIndex, type RowIndex } from './row-index-update';

export type { RowIndex } from './row-index-update';

const cache = new WeakMap<TimingDoc, RowIndex>();
/** The newest index (and so its document), held so that the next version can be derived from it. */
const held: { latest?: RowIndex } = {};

/** The row index of a document, once per document version however many panels ask. */
export function rowIndexFor(doc: TimingDoc): RowIndex {
  let index = cache.get(doc);
  if (!index) {
    const link = derivedFrom(doc);
    const prev = link && cache.get(link.parent);
    index = (prev && updateRowIndex(prev, doc, link.change)) ?? buildRowIndex(doc);
    cache.set(doc, index);
  }
  held.latest = index;
  return index;
}

export function buildRowIndex(doc: TimingDoc): RowIndex {
  return inDocumentOrder(doc) ?? buildByLine(doc);
}

/**
 * The common case in one pass over the chunks, nothing allocated but the arrays: lines follow one
 * another in time (non-decreasing line numbers) and each line's words are in lyric order already.
 * The rows are then the document's order with a header before each line: what `buildByLine`
 * makes, without its per-line lists, sorts and a search per item (25 ms -> ~2 ms at 100,000).
 * Null when the document is not like that.
 */
function inDocumentOrder(doc: TimingDoc): RowIndex | null {
  let lines = 0;
  let prev: AlignmentItem | undefined;
  for (const chunk of doc.chunks) {
    for (const item of chunk) {
      if (prev === undefined || item.line !== prev.line) {
        if (prev !== undefined && item.line < prev.line) return null;
        lines++;
      } else if (item.word < prev.word || (item.word === prev.word && item.subword < prev.subword))
        return null;
      prev = item;
    }
  }
  const count = doc.size + lines;
  const docIndex = new Int32Array(count);
  const line = new Float64Array(count);
  const headerRow = new Int32Array(count);
  const rowOfDocIndex = new Int32Array(doc.size);
  let row = 0;
  let header = -1;
  let i = 0;
  prev = undefined;
  for (const chunk of doc.chunks) {
    for (const item of chunk) {
      if (prev === undefined || item.line !== prev.line) {
        header = row;
        docIndex[row] = -1;
        line[row] = item.line;
        headerRow[row] = header;
        row++;
      }
      docIndex[row] = i;
      line[row] = item.line;
      headerRow[row] = header;
      rowOfDocIndex[i] = row;
      row++;
      i++;
      prev = item;
    }
  }
  return { doc, count, docIndex, line, rowOfDocIndex, headerRow };
}

/** Any document: items grouped by line (lines ascending), each line sorted into lyric order. */
export function buildByLine(doc: TimingDoc): RowIndex {
  const byLine = new Map<number, number[]>();
  forEachItem(doc, 0, doc.size, (item, i) => {
    const list = byLine.get(item.line);
    if (list) list.push(i);
    else byLine.set(item.line, [i]);
  });
  const lines = [...byLine.keys()].sort((a, b) => a - b);
  const count = doc.size + lines.length;
  const docIndex = new Int32Array(count);
  const line = new Float64Array(count);
  const headerRow = new Int32Array(count);
  const rowOfDocIndex = new Int32Array(doc.size);
  let row = 0;
  for (const n of lines) {
    const header = row;
    docIndex[row] = -1;
    line[row] = n;
    headerRow[row] = header;
    row++;
    const indexes = byLine.get(n) ?? [];
    if (!inLyricOrder(doc, indexes)) indexes.sort((a, b) => lyricCompare(doc, a, b));
    for (const i of indexes) {
      docIndex[row] = i;
      line[row] = n;
      headerRow[row] = header;
      rowOfDocIndex[i] = row;
      row++;
    }
  }
  return { doc, count, docIndex, line, rowOfDocIndex, headerRow };
}

const at = (doc: TimingDoc, i: number) => itemAt(doc, i) as AlignmentItem;

function lyricCompare(doc: TimingDoc, a: number, b: number): number {
  const x = at(doc, a);
  const y = at(doc, b);
  return x.word - y.word || x.subword - y.subword || a - b;
}

function inLyricOrder(doc: TimingDoc, indexes: readonly number[]): boolean {
  for (let k = 1; k < indexes.length; k++) {
    if (lyricCompare(doc, indexes[k - 1] as number, indexes[k] as number) > 0) return false;
  }
  return true;
}

/** The item of a row, or undefined for a header. */
export function rowItem(index: RowIndex, row: number): AlignmentItem | undefined {
  const i = index.docIndex[row];
  return i === undefined || i < 0 ? undefined : itemAt(index.doc, i);
}

/** The items of the line whose header is `header`, in lyric order. */
export function lineRowItems(index: RowIndex, header: number): AlignmentItem[] {
  const out: AlignmentItem[] = [];
  for (let row = header + 1; row < index.count && index.docIndex[row] !== -1; row++) {
    const item = rowItem(index, row);
    if (item) out.push(item);
  }
  return out;
}

/** A line as `setLineText` reads it: words separated by spaces, subwords joined. */
export function lineText(items: readonly AlignmentItem[]): string {
  const words: string[] = [];
  let last: number | undefined;
  for (const item of items) {
    if (item.word === last && words.length) words[words.length - 1] += item.text;
    else words.push(item.text);
    last = item.word;
  }
  return words.join(' ');
}

/**
 * The row of the first selected item in list order, or -1. Small selections look their keys up;
 * large ones (select all) scan rows from the top, which stops at the first hit.
 */
export function firstSelectedRow(index: RowIndex, selection: ReadonlySet<string>): number {
  if (selection.size <= 64) {
    let best = -1;
    for (const key of selection) {
      const i = indexOfKey(index.doc, key);
      if (i < 0) continue;
      const row = index.rowOfDocIndex[i] as number;
      if (best < 0 || row < best) best = row;
    }
    return best;
  }
  for (let row = 0; row < index.count; row++) {
    const item = rowItem(index, row);
    if (item && selection.has(keyOf(item))) return row;
  }
  return -1;
}

/** Keys of the items in rows [from, to] (either order), headers skipped. */
export function keysBetween(index: RowIndex, from: number, to: number): string[] {
  const out: string[] = [];
  for (let row = Math.min(from, to); row <= Math.max(from, to); row++) {
    const item = rowItem(index, row);
    if (item) out.push(keyOf(item));
  }
  return out;
}
