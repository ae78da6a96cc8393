import { forEachItem } from '../../../timing';
import { lineRowItems, type RowIndex } from './row-index';
import { changedHeaders } from './row-index-update';

export interface KaraokeLine {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  /** Its header row in the row index (the words follow it). */
  readonly header: number;
}

/**
 * The lines in the order they are sung (by start). Numbers only: words are built for the few
 * lines on screen (karaokeWords), so a 100,000-item document costs one pass without allocations
 * per word.
 */
export function buildKaraokeLines(index: RowIndex): KaraokeLine[] {
  const slot = new Int32Array(index.count);
  const starts: number[] = [];
  const ends: number[] = [];
  const headers: number[] = [];
  for (let row = 0; row < index.count; row++) {
    if (index.docIndex[row] !== -1) continue;
    slot[row] = headers.length;
    headers.push(row);
    starts.push(Infinity);
    ends.push(-Infinity);
  }
  forEachItem(index.doc, 0, index.doc.size, (item, i) => {
    const k = slot[index.headerRow[index.rowOfDocIndex[i] as number] as number] as number;
    if (item.start < (starts[k] as number)) starts[k] = item.start;
    if (item.end > (ends[k] as number)) ends[k] = item.end;
  });
  const lines = headers.map((header, k) => ({
    line: index.line[header] as number,
    start: starts[k] as number,
    end: ends[k] as number,
    header,
  }));
  return lines.sort((a, b) => a.start - b.start || a.line - b.line);
}

const linesOf = new WeakMap<RowIndex, KaraokeLine[]>();

/**
 * The karaoke lines of a row index, once per index. An index derived from a re-timing (a drag)
 * gets the previous lines with only the changed lines' spans read again.
 */
export function karaokeLinesFor(index: RowIndex): KaraokeLine[] {
  let lines = linesOf.get(index);
  if (lines) return lines;
  const link = changedHeaders.get(index);
  const from = link?.from.deref();
  const before = from && linesOf.get(from);
  lines = before && link ? updatedLines(index, before, link.headers) : buildKaraokeLines(index);
  linesOf.set(index, lines);
  return lines;
}

function updatedLines(index: RowIndex, before: KaraokeLine[], headers: number[]): KaraokeLine[] {
  const lines = before.slice();
  const changed = new Set(headers);
  for (let k = 0; k < lines.length && changed.size; k++) {
    const line = lines[k] as KaraokeLine;
    if (!changed.delete(line.header)) continue;
    let start = Infinity;
    let end = -Infinity;
    for (const item of lineRowItems(index, line.header)) {
      if (item.start < start) start = item.start;
      if (item.end > end) end = item.end;
    }
    lines[k] = { ...line, start, end };
  }
  // nearly sorted: the sort is a single pass plus the few moved lines
  return lines.sort((a, b) => a.start - b.start || a.line - b.line);
}
