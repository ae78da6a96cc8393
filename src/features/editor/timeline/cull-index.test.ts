import { describe, expect, it } from 'vitest';
import { arrayItems, createCullIndex, lowerBoundByStart } from './cull-index';
import { regularItems } from './test-scene';
import type { TimelineItem } from './types';

const item = (key: string, start: number, end: number): TimelineItem => ({
  key,
  start,
  end,
  text: key,
  line: 0,
});

describe('createCullIndex', () => {
  it('finds the first item reaching the view by binary search', () => {
    const items = arrayItems(regularItems(1000));
    const index = createCullIndex(items);
    expect(index.firstVisibleIndex(0)).toBe(0);
    expect(index.firstVisibleIndex(500.5)).toBe(500); // 500..500.8 still visible
    expect(index.firstVisibleIndex(500.9)).toBe(501);
    expect(index.firstVisibleIndex(5000)).toBe(1000);
  });

  it('keeps a long item that starts before the view and covers it', () => {
    const list = [item('a', 0, 1), item('long', 2, 100), item('b', 3, 4), item('c', 50, 51)];
    const index = createCullIndex(arrayItems(list));
    // At t = 60 only "long" covers the view; a start-only search would skip it.
    expect(index.firstVisibleIndex(60)).toBe(1);
    expect(index.firstVisibleIndex(1.5)).toBe(1);
    expect(index.firstVisibleIndex(0.5)).toBe(0);
  });

  it('handles empty item lists', () => {
    expect(createCullIndex(arrayItems([])).firstVisibleIndex(3)).toBe(0);
  });

  it('lowerBoundByStart returns the insertion point by start', () => {
    const items = arrayItems(regularItems(10));
    expect(lowerBoundByStart(items, 3)).toBe(3);
    expect(lowerBoundByStart(items, 3.1)).toBe(4);
    expect(lowerBoundByStart(items, -1)).toBe(0);
  });
});
