import { describe, expect, it } from 'vitest';
import { createDoc, isEstimated, toArray, type TimingDoc } from './doc';
import { keyOf } from './item-key';
import { applyOp } from './ops';
import { word } from './test-items';

/** "the quick brown fox" at 0-1, 1-2, 3-4, 5-6 plus an untouched line 1. */
const doc = () =>
  createDoc(
    [
      word(0, 0, 0, 1, 'the'),
      word(0, 1, 1, 2, 'quick'),
      word(0, 2, 3, 4, 'brown'),
      word(0, 3, 5, 6, 'fox'),
      word(1, 0, 7, 8, 'next'),
    ],
    { duration: 20 },
  );

const line0 = (d: TimingDoc) =>
  toArray(d)
    .filter((x) => x.line === 0)
    .map(
      (x) =>
        `${x.word}:${x.text}@${+x.start.toFixed(3)}-${+x.end.toFixed(3)}${isEstimated(d, keyOf(x)) ? '~' : ''}`,
    );

const cases: [string, string, string[]][] = [
  [
    'unchanged text changes nothing',
    'the quick brown fox',
    ['0:the@0-1', '1:quick@1-2', '2:brown@3-4', '3:fox@5-6'],
  ],
  [
    'a replaced word inherits',
    'the slow brown fox',
    ['0:the@0-1', '1:slow@1-2', '2:brown@3-4', '3:fox@5-6'],
  ],
  [
    'two replaced words inherit one to one',
    'a slow brown fox',
    ['0:a@0-1', '1:slow@1-2', '2:brown@3-4', '3:fox@5-6'],
  ],
  [
    'an inserted word fills the gap, estimated',
    'the quick red brown fox',
    ['0:the@0-1', '1:quick@1-2', '2:red@2-3~', '3:brown@3-4', '4:fox@5-6'],
  ],
  [
    'a deleted word gives its span to the word before',
    'the brown fox',
    ['0:the@0-2', '1:brown@3-4', '2:fox@5-6'],
  ],
  [
    'a deleted first word gives its span to the word after',
    'quick brown fox',
    ['0:quick@0-2', '1:brown@3-4', '2:fox@5-6'],
  ],
  [
    'one word replaced by two shares its span, estimated',
    'the qui ck brown fox',
    ['0:the@0-1', '1:qui@1-1.6~', '2:ck@1.6-2~', '3:brown@3-4', '4:fox@5-6'],
  ],
  [
    'two words replaced by one take both spans',
    'the quickbrown fox',
    ['0:the@0-1', '1:quickbrown@1-4', '2:fox@5-6'],
  ],
];

describe('line text edits keep timing', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    const { doc: out } = applyOp(doc(), { type: 'setLineText', line: 0, text });
    expect(line0(out)).toEqual(expected);
    expect(toArray(out).find((x) => x.line === 1)).toEqual(word(1, 0, 7, 8, 'next'));
  });

  it('keeps ids of unchanged and replaced words', () => {
    const d = createDoc([word(0, 0, 0, 1, 'a', { id: 'x' }), word(0, 1, 1, 2, 'b', { id: 'y' })]);
    const { doc: out } = applyOp(d, { type: 'setLineText', line: 0, text: 'a c' });
    expect(toArray(out).map((x) => [x.id, x.text])).toEqual([
      ['x', 'a'],
      ['y', 'c'],
    ]);
  });
});
