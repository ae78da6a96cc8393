import { describe, expect, it } from 'vitest';
import { AlignmentItemSchema, type AlignmentItem } from '../contract';
import { compareItems, reviseItem, withTimes } from './item-key';
import { word } from './test-items';

describe('withTimes', () => {
  const full: AlignmentItem = {
    id: 'w-1',
    line: 2,
    word: 3,
    subword: 1,
    start: 1.25,
    end: 1.5,
    text: 'love',
    singer: 1,
    translations: { de: { text: 'Liebe', editedManually: true } },
  };

  it('keeps every field of the contract item and changes only the times', () => {
    // A field added to the contract must be added to `full` here and copied by withTimes.
    expect(Object.keys(full).sort()).toEqual(Object.keys(AlignmentItemSchema.shape).sort());
    expect(withTimes(full, 2, 3)).toEqual({ ...full, start: 2, end: 3 });
    expect(full.start).toBe(1.25);
  });

  it('adds no optional field the item did not have', () => {
    const plain = word(0, 1, 0.5, 0.9);
    const next = withTimes(plain, 0.6, 1);
    expect(Object.keys(next).sort()).toEqual(Object.keys(plain).sort());
    expect(next).toEqual({ ...plain, start: 0.6, end: 1 });
  });
});

describe('compareItems', () => {
  it('orders by start, then lyric position, then identity, and is antisymmetric', () => {
    const a = word(0, 0, 1, 2);
    const b = word(0, 1, 1, 2);
    const c = word(0, 0, 1.5, 2);
    expect(compareItems(a, b)).toBeLessThan(0);
    expect(compareItems(b, a)).toBeGreaterThan(0);
    expect(compareItems(b, c)).toBeLessThan(0);
    expect(compareItems(a, a)).toBe(0);
    const x = { ...a, id: 'x' };
    const y = { ...a, id: 'y' };
    expect(Math.sign(compareItems(x, y))).toBe(-Math.sign(compareItems(y, x)));
  });
});

describe('reviseItem', () => {
  it('changes the given fields, removes those given as undefined, keeps the rest', () => {
    const item = word(1, 2, 3, 4, 'a', { id: 'x', singer: 2 });
    expect(reviseItem(item, { text: 'b', word: 5 })).toEqual({ ...item, text: 'b', word: 5 });
    const cleared = reviseItem(item, { singer: undefined, id: undefined });
    expect('singer' in cleared || 'id' in cleared).toBe(false);
    expect(cleared).toEqual({ line: 1, word: 2, subword: 0, start: 3, end: 4, text: 'a' });
  });
});
