import { describe, expect, it } from 'vitest';
import { updateBuckets } from './overview-frame';
import { bucketSpans, type OverviewSource, type OverviewSpans } from './overview-model';

const spans = (list: ReadonlyArray<readonly [number, number]>): OverviewSpans => ({
  forEach: (fn) => list.forEach(([a, b]) => fn(a, b)),
});

describe('updateBuckets', () => {
  const words = spans([
    [0, 1],
    [5, 6],
    [9, 10],
  ]);
  const source: OverviewSource = { spans: words, problems: spans([[5, 6]]), extent: () => 10 };

  it('counts once, then keeps the counts while nothing changed', () => {
    const first = updateBuckets(null, source, 10, 10);
    expect(first.changed).toBe(true);
    expect([...first.buckets.density]).toEqual([...bucketSpans(words, 10, 10)]);
    expect([...first.buckets.problems]).toEqual([...bucketSpans(source.problems, 10, 10)]);
    const again = updateBuckets(first.buckets, source, 10, 10);
    expect(again.changed).toBe(false);
    expect(again.buckets.density).toBe(first.buckets.density);
  });

  it('counts again for new problems, uncertain words, words or width', () => {
    const first = updateBuckets(null, source, 10, 10).buckets;
    const problems = spans([[0, 1]]);
    const p = updateBuckets(first, { ...source, problems }, 10, 10);
    expect(p.changed).toBe(true);
    expect([...p.buckets.problems]).toEqual([...bucketSpans(problems, 10, 10)]);
    const u = updateBuckets(p.buckets, { ...source, problems, uncertain: words }, 10, 10);
    expect(u.changed).toBe(true);
    expect([...u.buckets.uncertain]).toEqual([...bucketSpans(words, 10, 10)]);
    const wider = updateBuckets(u.buckets, { ...source, problems, uncertain: words }, 20, 10);
    expect(wider.changed).toBe(true);
    expect(wider.buckets.density.length).toBe(20);
  });

  it('after an edit re-counts only the delta, with the same result as counting all', () => {
    const first = updateBuckets(null, source, 10, 10).buckets;
    const moved = spans([
      [0, 1],
      [2, 3],
      [9, 10],
    ]);
    moved.delta = { from: words, removed: spans([[5, 6]]), added: spans([[2, 3]]) };
    const next = updateBuckets(first, { ...source, spans: moved }, 10, 10);
    expect(next.changed).toBe(true);
    expect([...next.buckets.density]).toEqual([...bucketSpans(moved, 10, 10)]);
  });
});
