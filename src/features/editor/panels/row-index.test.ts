import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOp, createDoc, itemAt, keyOf, type TimingOp } from '../../../timing';
import { song } from '../../../timing/test-items';
import type { AlignmentItem } from '../../../contract';
import { changedHeaders } from './row-index-update';
import {
  buildByLine,
  buildRowIndex,
  rowIndexFor,
  firstSelectedRow,
  keysBetween,
  lineRowItems,
  lineText,
  rowItem,
} from './row-index';

const w = (
  line: number,
  word: number,
  start: number,
  text: string,
  subword = 0,
): AlignmentItem => ({
  line,
  word,
  subword,
  start,
  end: start + 0.4,
  text,
});

describe('buildRowIndex', () => {
  it('puts a header before each line, then its items in lyric order', () => {
    // Line 1 is sung before line 0 ends (a duet), and word 1 of line 1 starts before word 0.
    const doc = createDoc([
      w(0, 0, 0, 'la'),
      w(0, 1, 1, 'la'),
      w(1, 1, 0.5, 'two'),
      w(1, 0, 0.8, 'one'),
      w(3, 0, 5, 'end'),
    ]);
    const index = buildRowIndex(doc);
    expect(index.count).toBe(8);
    const rows = Array.from({ length: index.count }, (_, r) => {
      const item = rowItem(index, r);
      return item ? item.text : `#${index.line[r]}`;
    });
    expect(rows).toEqual(['#0', 'la', 'la', '#1', 'one', 'two', '#3', 'end']);
    expect(Array.from(index.headerRow)).toEqual([0, 0, 0, 3, 3, 3, 6, 6]);
    for (let r = 0; r < index.count; r++) {
      const i = index.docIndex[r] as number;
      if (i >= 0) expect(index.rowOfDocIndex[i]).toBe(r);
    }
  });

  it('lists a line and reads its text with subwords joined', () => {
    const doc = createDoc([w(0, 0, 0, 'hel'), w(0, 0, 0.4, 'lo', 1), w(0, 1, 1, 'world')]);
    const index = buildRowIndex(doc);
    const items = lineRowItems(index, 0);
    expect(items.map(keyOf)).toEqual(['0/0/0', '0/0/1', '0/1/0']);
    expect(lineText(items)).toBe('hello world');
  });

  it('is empty for an empty document', () => {
    expect(buildRowIndex(createDoc([])).count).toBe(0);
  });

  it('makes the same rows in one pass when lines follow in time as by grouping lines', () => {
    // In order (the one-pass path), a line out of time order, a word out of lyric order, a
    // repeated position: every case must give what grouping and sorting gives.
    const cases = [
      song(300),
      [w(0, 0, 0, 'a'), w(0, 1, 1, 'b'), w(1, 0, 2, 'c'), w(1, 0, 2.5, 'c', 1)],
      [w(1, 0, 0, 'x'), w(0, 0, 1, 'y')],
      [w(0, 1, 0, 'x'), w(0, 0, 1, 'y')],
      [w(0, 0, 0, 'x'), w(0, 0, 1, 'x'), w(2, 0, 2, 'z')],
    ];
    for (const items of cases) {
      const doc = createDoc(items);
      expect(buildRowIndex(doc)).toEqual(buildByLine(doc));
    }
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(4), fc.nat(3), fc.nat(1), fc.nat(20)), { maxLength: 40 }),
        (rows) => {
          const doc = createDoc(rows.map(([l, wd, sub, t]) => w(l, wd, t, 'w', sub)));
          expect(buildRowIndex(doc)).toEqual(buildByLine(doc));
        },
      ),
    );
  });
});

describe('firstSelectedRow and keysBetween', () => {
  const items = Array.from({ length: 200 }, (_, k) => w(Math.floor(k / 10), k % 10, k, `w${k}`));
  const index = buildRowIndex(createDoc(items));

  it('finds the first selected row for small and large selections', () => {
    // Row of item k: k plus the headers before it (one per 10 items, plus its own line's).
    const rowOf = (k: number) => k + Math.floor(k / 10) + 1;
    expect(firstSelectedRow(index, new Set(['5/3/0', '2/1/0']))).toBe(rowOf(21));
    expect(firstSelectedRow(index, new Set(items.slice(37).map(keyOf)))).toBe(rowOf(37));
    expect(firstSelectedRow(index, new Set(['nope']))).toBe(-1);
  });

  it('lists the keys of a row range without headers, in either direction', () => {
    expect(keysBetween(index, 13, 9)).toEqual(['0/8/0', '0/9/0', '1/0/0', '1/1/0']);
  });
});

describe('rowIndexFor after an edit', () => {
  const ops = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('move', 'move', 'setEnd', 'setText', 'delete'),
    delta: fc.double({ min: -4, max: 4, noNaN: true }),
  });

  it('equals a full build; a re-timing is derived from the previous index', () => {
    fc.assert(
      fc.property(fc.array(ops, { minLength: 1, maxLength: 12 }), (steps) => {
        let doc = createDoc(
          song(600).map((x, i) => ({ ...x, line: Math.floor(i / 7), word: i % 7 })),
          { duration: 1000 },
        );
        rowIndexFor(doc);
        for (const s of steps) {
          const item = itemAt(doc, s.at % doc.size) as AlignmentItem;
          const key = keyOf(item);
          const op: TimingOp =
            s.kind === 'move'
              ? {
                  type: 'move',
                  keys: [key, keyOf(itemAt(doc, (s.at * 7) % doc.size)!)],
                  delta: s.delta,
                }
              : s.kind === 'setEnd'
                ? { type: 'setEnd', key, time: item.end + Math.abs(s.delta) }
                : s.kind === 'setText'
                  ? { type: 'setText', key, text: 'x y' }
                  : { type: 'delete', keys: [key] };
          const next = applyOp(doc, op).doc;
          // An op that changes nothing (a move by 0) gives the same document and its index.
          const changed = next !== doc;
          doc = next;
          const index = rowIndexFor(doc);
          expect(index).toEqual(buildRowIndex(doc));
          if (changed && (s.kind === 'move' || s.kind === 'setEnd'))
            expect(changedHeaders.has(index)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
