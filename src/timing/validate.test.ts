import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { createDoc } from './doc';
import { nextProblem, validateDoc, type IssueCode } from './validate';
import { song, word } from './test-items';

const ok = [word(0, 0, 0, 1, 'a'), word(0, 1, 1, 2, 'b')];

const cases: [string, AlignmentItem[], IssueCode, string[], boolean][] = [
  ['end before start', [word(0, 0, 2, 1)], 'end-before-start', ['0/0/0'], true],
  ['zero duration', [word(0, 0, 1, 1)], 'zero-duration', ['0/0/0'], false],
  [
    'overlap within a singer',
    [word(0, 0, 0, 2), word(0, 1, 1, 3)],
    'overlap',
    ['0/0/0', '0/1/0'],
    false,
  ],
  ['past the duration', [word(0, 0, 9, 11)], 'past-duration', ['0/0/0'], false],
  ['empty text', [word(0, 0, 0, 1, '  ')], 'empty-text', ['0/0/0'], false],
  [
    'duplicate identity',
    [word(0, 0, 0, 1, 'a', { id: 'x' }), word(0, 1, 1, 2, 'b', { id: 'x' })],
    'duplicate-identity',
    ['x'],
    false,
  ],
  ['negative time', [word(0, 0, -1, 1)], 'negative-time', ['0/0/0'], true],
  ['fractional index', [word(0, 0.5, 0, 1)], 'index-out-of-bounds', ['0/0.5/0'], true],
  ['index too large', [word(2 ** 60, 0, 0, 1)], 'index-out-of-bounds', [`${2 ** 60}/0/0`], true],
  ['not finite', [word(0, 0, 0, NaN)], 'not-finite', ['0/0/0'], true],
  ['long word', [word(0, 0, 0, 2.5)], 'long-word', ['0/0/0'], false],
  [
    'long gap in a line',
    [word(0, 0, 0, 1), word(0, 1, 3.5, 4)],
    'long-gap',
    ['0/0/0', '0/1/0'],
    false,
  ],
];

describe('validation', () => {
  it('finds nothing in a clean document', () => {
    const result = validateDoc(createDoc(ok, { duration: 10 }));
    expect(result.issues).toEqual([]);
    expect(result.canSave).toBe(true);
  });

  it.each(cases)('%s', (_name, items, code, keys, blocks) => {
    const result = validateDoc(createDoc(items, { duration: 10 }));
    const issue = result.issues.find((i) => i.code === code);
    expect(issue?.keys).toEqual(keys);
    expect(issue?.blocksSave).toBe(blocks);
    expect(result.canSave).toBe(!blocks);
  });

  it('does not flag overlaps between singers', () => {
    const items = [word(0, 0, 0, 2), word(1, 0, 1, 3, 'x', { singer: 1 })];
    expect(validateDoc(createDoc(items)).issues.map((i) => i.code)).toEqual([]);
  });

  it('blocks more than 100000 items', () => {
    const result = validateDoc(createDoc(song(100001)));
    expect(result.issues.map((i) => i.code)).toEqual(['too-many-items']);
    expect(result.canSave).toBe(false);
  });

  it('finds the next problem after a time, wrapping around', () => {
    const items = [word(0, 0, 1, 1), word(0, 1, 5, 5), word(0, 2, 9, 8)];
    const result = validateDoc(createDoc(items, { duration: 20 }));
    expect(nextProblem(result, 1)?.time).toBe(5);
    expect(nextProblem(result, 9)?.time).toBe(1);
    expect(nextProblem(result, 0, true)?.code).toBe('end-before-start');
  });
});
