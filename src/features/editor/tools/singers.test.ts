import { describe, expect, it } from 'vitest';
import { createDoc } from '../../../timing';
import { word } from '../../../timing/test-items';
import { singerChoices, singerLanesOf, singersOf } from './singers';

const doc = createDoc([
  word(0, 0, 0, 1, 'a', { singer: 2 }),
  word(0, 1, 1, 2, 'b'),
  word(1, 0, 3, 4, 'c', { singer: 1 }),
]);

describe('singers of a document', () => {
  it('lists the singers used, ascending, without the unassigned', () => {
    expect(singersOf(doc)).toEqual([1, 2]);
    expect(singersOf(doc)).toBe(singersOf(doc));
  });

  it('gives singer lanes with no singer as 0, at least one lane', () => {
    expect([...singerLanesOf(doc)]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect([...singerLanesOf(createDoc([]))]).toEqual([[0, 0]]);
    expect(singersOf(createDoc([word(0, 0, 0, 1, 'x')]))).toEqual([]);
  });

  it('offers the used singers, 1 to 3 and one more', () => {
    expect(singerChoices([5])).toEqual([1, 2, 3, 5, 6]);
  });
});
