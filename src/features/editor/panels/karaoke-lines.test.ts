import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOp, createDoc, itemAt, keyOf } from '../../../timing';
import { song } from '../../../timing/test-items';
import { defaultStyle, type AlignmentItem } from '../../../contract';
import {
  buildKaraokeLines,
  karaokeLinesFor,
  karaokeWords,
  lineAt,
  wordState,
} from './karaoke-lines';
import { buildRowIndex, rowIndexFor } from './row-index';
import { changedHeaders } from './row-index-update';
import { previewLook } from './karaoke-style';

const it_ = (
  line: number,
  word: number,
  subword: number,
  start: number,
  end: number,
  text: string,
) => ({ line, word, subword, start, end, text }) satisfies AlignmentItem;

const doc = createDoc([
  it_(0, 0, 0, 1, 1.5, 'hel'),
  it_(0, 0, 1, 1.5, 2, 'lo'),
  it_(0, 1, 0, 2, 3, 'there'),
  it_(1, 0, 0, 5, 6, 'second'),
  it_(2, 0, 0, 5.5, 7, 'duet'),
  it_(3, 0, 0, 10, 11, 'last'),
]);
const index = buildRowIndex(doc);
const lines = buildKaraokeLines(index);

describe('buildKaraokeLines', () => {
  it('groups by line, in singing order, with subwords joined', () => {
    expect(lines.map((l) => [l.line, l.start, l.end])).toEqual([
      [0, 1, 3],
      [1, 5, 6],
      [2, 5.5, 7],
      [3, 10, 11],
    ]);
    expect(karaokeWords(index, lines[0]!).map((w) => [w.text, w.joinNext])).toEqual([
      ['hel', true],
      ['lo', false],
      ['there', false],
    ]);
  });
});

describe('lineAt', () => {
  it.each([
    [0, 0], // before the song: the first line is next
    [1, 0],
    [2.9, 0],
    [3, 0],
    [4, 1], // in the gap: the next line
    [5.2, 1],
    [5.6, 2], // the duet line started later
    [6.5, 2],
    [8, 3],
    [10.5, 3],
    [99, 3], // after the end: the last line
  ])('t=%d -> line %d', (t, expected) => {
    expect(lineAt(lines, t)).toBe(expected);
  });

  it('is -1 without lines', () => {
    expect(lineAt([], 3)).toBe(-1);
  });
});

describe('wordState', () => {
  it.each([
    [0.9, 'future'],
    [1, 'active'],
    [1.9, 'active'],
    [2, 'sung'],
  ] as const)('t=%d -> %s', (t, state) => {
    expect(wordState(1, 2, t)).toBe(state);
  });
});

describe('previewLook', () => {
  it('uses the style colours, font and lines per screen, with defaults', () => {
    const look = previewLook();
    expect(look.linesPerScreen).toBe(2);
    expect(look.css['--k-text']).toBe('#FFFFFF');
    expect(look.css['--k-active']).toBe('#FFD400');
    expect(look.css['--k-effect']).toBe('#2F80ED');
    expect(look.css['--k-outline-width']).toBe('0.200em');
    expect(look.css.fontFamily).toBe('"Noto Sans", var(--font)');

    const style = defaultStyle();
    style.layout.linesPerScreen = 4;
    style.chordTextStyle.effectColor = '#FF0000';
    style.chordTextStyle.outlineWidth = 4.8;
    style.chordTextStyle.fontWeight = 400;
    const custom = previewLook(style);
    expect(custom.linesPerScreen).toBe(4);
    expect(custom.css['--k-effect']).toBe('#FF0000');
    expect(custom.css['--k-outline-width']).toBe('0.050em');
    expect(custom.css.fontWeight).toBe(400);
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
