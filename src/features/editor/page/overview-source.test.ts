import { describe, expect, it } from 'vitest';
import { word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import type { OverviewSpans } from '../timeline';
import { bucketSpans, rebucketSpans } from '../timeline/overview-model';
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
  it('gives the uncertain words when the page has them, the same spans until they change', () => {
    const store = make();
    let sets = new WeakMap<object, ReadonlySet<string>>();
    const uncertainOf = (doc: object) => {
      let set = sets.get(doc);
      if (!set) sets.set(doc, (set = new Set(['b', 'd'])));
      return set;
    };
    let on = false;
    const source = createOverviewSource(store, () => (on ? uncertainOf : undefined));
    expect(source().uncertain).toBeUndefined();
    on = true;
    const first = source();
    expect(collect(first.uncertain!)).toEqual([
      [1.2, 2],
      [4, 5],
    ]);
    expect(source()).toBe(first);
    sets = new WeakMap();
    expect(source().uncertain).not.toBe(first.uncertain);
  });

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

describe('the overview after an edit', () => {
  it('gives the change as a delta; re-counting it equals bucketing every word', () => {
    const store = make();
    const get = createOverviewSource(store);
    const before = get();
    store.getState().actions.setStart('d', 4.5);
    const after = get();
    const delta = after.spans.delta;
    if (!delta) throw new Error('no delta');
    expect(delta.from).toBe(before.spans);
    expect(collect(delta.removed)).toEqual([[4, 5]]);
    expect(collect(delta.added)).toEqual([[4.5, 5]]);
    for (const columns of [7, 50, 300]) {
      const counts = rebucketSpans(bucketSpans(before.spans, columns, 6), delta, 6);
      expect([...counts]).toEqual([...bucketSpans(after.spans, columns, 6)]);
    }
    // the previous source let go of its own delta (no chain of versions)
    store.getState().actions.setEnd('a', 1.1);
    expect(get().spans.delta?.from).toBe(after.spans);
    expect(after.spans.delta).toBeUndefined();
  });

  it('two edits between reads: no delta (the overview buckets every word)', () => {
    const store = make();
    const get = createOverviewSource(store);
    get();
    store.getState().actions.setStart('d', 4.5);
    store.getState().actions.setEnd('a', 1.1);
    expect(get().spans.delta).toBeUndefined();
  });
});
