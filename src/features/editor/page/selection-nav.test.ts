import { describe, expect, it } from 'vitest';
import { createDoc, keyOf } from '../../../timing';
import { word } from '../../../timing/test-items';
import type { TimelineView } from '../timeline/types';
import { onScreenStart, selectedEdge, selectionSpan } from './selection-nav';

const items = [
  word(0, 0, 1, 2, 'one'),
  word(0, 1, 3, 4, 'two'),
  word(1, 0, 5, 6, 'three'),
  word(1, 1, 7, 8, 'four'),
];
const doc = createDoc(items);
const keys = (...at: number[]) => new Set(at.map((i) => keyOf(items[i]!)));
const view = (startTime: number, seconds: number): TimelineView => ({
  startTime,
  pxPerSecond: 100,
  width: seconds * 100,
  height: 100,
  devicePixelRatio: 1,
});

describe('moving through the words from the keyboard', () => {
  it('finds the first and last selected word in the document', () => {
    expect(selectedEdge(doc, keys(2, 0, 3), 'first')).toBe(0);
    expect(selectedEdge(doc, keys(2, 0, 1), 'last')).toBe(2);
    expect(selectedEdge(doc, keys(), 'first')).toBe(-1);
  });

  it('with nothing selected starts at the first word on screen (→) or the last (←)', () => {
    expect(onScreenStart(doc, view(2.5, 4), 1)).toBe(1);
    expect(onScreenStart(doc, view(2.5, 4), -1)).toBe(2);
  });

  it('spans the selected words, or null with none', () => {
    expect(selectionSpan(doc, keys(1, 3))).toEqual({ start: 3, end: 8 });
    expect(selectionSpan(doc, keys())).toBeNull();
  });
});
