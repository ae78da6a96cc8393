import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOp, createDoc, itemAt, keyOf } from '../../../timing';
import { song, word } from '../../../timing/test-items';
import type { AlignmentItem } from '../../../contract';
import { buildKaraokeLines, karaokeLinesFor } from './karaoke-lines';
import { buildRowIndex, rowIndexFor } from './row-index';
import { changedHeaders } from './row-index-update';

const doc = createDoc([
  word(0, 0, 1, 1.5, 'hel'),
  word(0, 0, 1.5, 2, 'lo', { subword: 1 }),
  word(0, 1, 2, 3, 'there'),
  word(1, 0, 5, 6, 'second'),
  word(2, 0, 5.5, 7, 'duet'),
  word(3, 0, 10, 11, 'last'),
]);
const index = buildRowIndex(doc);
const lines = buildKaraokeLines(index);

describe('buildKaraokeLines', () => {
  it('groups by line, in singing order', () => {
    expect(lines.map((l) => [l.line, l.start, l.end])).toEqual([
      [0, 1, 3],
      [1, 5, 6],
      [2, 5.5, 7],
      [3, 10, 11],
    ]);
  });
});

describe('karaokeLinesFor after a re-timing', () => {
  it('equals a full build, reading only the changed lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.double({ min: -6, max: 6, noNaN: true })), {
          minLength: 1,
          maxLength: 10,
        }),
        (moves) => {
          let doc = createDoc(
            song(500).map((x, i) => ({ ...x, line: Math.floor(i / 6), word: i % 6 })),
            { duration: 1000 },
          );
          karaokeLinesFor(rowIndexFor(doc));
          for (const [at, delta] of moves) {
            const key = keyOf(itemAt(doc, at % doc.size) as AlignmentItem);
            const next = applyOp(doc, { type: 'move', keys: [key], delta }).doc;
            if (next === doc) continue; // nothing moved
            doc = next;
            const index = rowIndexFor(doc);
            expect(changedHeaders.has(index)).toBe(true);
            expect(karaokeLinesFor(index)).toEqual(buildKaraokeLines(index));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
