import { describe, expect, it } from 'vitest';
import { word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import type { OverviewSpans } from '../timeline';
import { createOverviewSource } from './overview-source';

const collect = (spans: OverviewSpans) => {
  const out: [number, number][] = [];
  spans.forEach((s, e) => out.push([s, e]));
  return out;
};

const make = () =>
  createEditorStore({
    items: [
      word(0, 0, 0, 1, 'a', { id: 'a' }),
      word(0, 1, 1.2, 2, 'b', { id: 'b' }),
      word(0, 2, 3, 3, '', { id: 'c' }), // empty text, zero length: problems
      word(1, 0, 4, 5, 'd', { id: 'd' }), // ends last
    ],
    revision: 'r',
    selectionRevision: 's',
    validationDelayMs: 0,
  });

describe('createOverviewSource', () => {
  it('gives every word, the problem words and the last end', () => {
    const store = make();
    store.getState().actions.validateNow();
    const source = createOverviewSource(store)();
    expect(collect(source.spans)).toEqual([
      [0, 1],
      [1.2, 2],
      [3, 3],
      [4, 5],
    ]);
    expect(collect(source.problems)).toEqual([[3, 3]]);
    expect(source.extent()).toBe(5);
  });

  it('returns the same objects until the document or the problems change', () => {
    const store = make();
    store.getState().actions.validateNow();
    const get = createOverviewSource(store);
    const first = get();
    store.getState().actions.select(['a'], 'replace'); // not the words: same source
    expect(get()).toBe(first);

    store.getState().actions.setStart('d', 4.5);
    const edited = get();
    expect(edited.spans).not.toBe(first.spans);
    expect(collect(edited.spans)).toContainEqual([4.5, 5]);
    // a small edit is validated in its commit: the problems are current at once
    expect(store.getState().validation).not.toBeNull();
    expect(collect(edited.problems)).toEqual([[3, 3]]);

    store.getState().actions.setText('c', 'c');
    store.getState().actions.setEnd('c', 3.5);
    store.getState().actions.validateNow();
    const fixed = get();
    expect(collect(fixed.problems)).toEqual([]);
    expect(get()).toBe(fixed);
  });
});
