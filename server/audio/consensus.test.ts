import { describe, expect, it } from 'vitest';
import { lineConsensus } from './consensus';

const word = (index: number, start: number) => ({ index, start, end: start + 0.3 });

describe('lineConsensus', () => {
  // Two lines of two words: 0, 1 on line 0 and 2, 3 on line 1.
  const lines = [0, 0, 1, 1];

  it('takes each line from the search whose start for it is the median', () => {
    const astrayOnLine0 = [word(0, 20), word(1, 21), word(2, 30), word(3, 31)];
    const good = [word(0, 10), word(1, 11), word(2, 30.1), word(3, 31.1)];
    const astrayOnLine1 = [word(0, 10.1), word(1, 11.1), word(2, 45), word(3, 46)];
    const out = lineConsensus([astrayOnLine0, good, astrayOnLine1], lines);
    // Line 0: starts 10, 10.1, 20 -> the median 10.1 (the third search); line 1: 30, 30.1, 45 -> 30.1.
    expect(out.source).toEqual([2, 2, 1, 1]);
    expect(out.words.map((w) => w.start)).toEqual([10.1, 11.1, 30.1, 31.1]);
    expect(out.spread[0]).toBeCloseTo(10);
    expect(out.spread[3]).toBeCloseTo(15);
  });

  it('takes the earlier of two, and a line some search left out from those that have it', () => {
    const a = [word(0, 5), word(1, 6), word(3, 9)];
    const b = [word(0, 7), word(1, 8)];
    const out = lineConsensus([a, b], lines);
    expect(out.source).toEqual([0, 0, 0, 0]);
    // Word 2 is missing in both: left out (filled later between its neighbours).
    expect(out.words.map((w) => w.index)).toEqual([0, 1, 3]);
    expect(out.spread[2]).toBe(0);
    expect(out.spread[0]).toBeCloseTo(2);
  });

  it('is the search itself when there is one', () => {
    const only = [word(0, 1), word(1, 2), word(2, 3), word(3, 4)];
    const out = lineConsensus([only], lines);
    expect(out.words).toEqual(only);
    expect(out.spread).toEqual([0, 0, 0, 0]);
  });
});

describe('lineConsensus with the stem voicing', () => {
  const lines = [0, 0, 1, 1];
  // Voice only in [10, 12) and [30, 32).
  const voiced = (from: number, to: number) => {
    const overlap = (a: number, b: number) => Math.max(0, Math.min(to, b) - Math.max(from, a));
    return (overlap(10, 12) + overlap(30, 32)) / (to - from);
  };

  it('takes a line from the search that puts it on the voice when the median one lies on music', () => {
    // Two searches agree on line 0 at 20 s (no voice there); one puts it on the voice at 10 s.
    const a = [word(0, 20), word(1, 20.5), word(2, 30), word(3, 30.5)];
    const b = [word(0, 20.1), word(1, 20.6), word(2, 30.1), word(3, 30.6)];
    const c = [word(0, 10), word(1, 10.5), word(2, 30.05), word(3, 30.55)];
    expect(lineConsensus([a, b, c], lines).source).toEqual([0, 0, 2, 2]);
    expect(lineConsensus([a, b, c], lines, voiced).source.slice(0, 2)).toEqual([2, 2]);
  });

  it('keeps the median when the voicing does not tell them apart', () => {
    const a = [word(0, 10), word(1, 10.5), word(2, 30), word(3, 30.5)];
    const b = [word(0, 10.2), word(1, 10.7), word(2, 30.1), word(3, 30.6)];
    const c = [word(0, 11), word(1, 11.3), word(2, 31), word(3, 31.3)];
    expect(lineConsensus([a, b, c], lines, voiced).source).toEqual([1, 1, 1, 1]);
  });

  it('keeps the lines in order', () => {
    // The median of line 1 (search 1, at 9 s) would start before the chosen line 0 ends.
    const a = [word(0, 10), word(1, 10.5), word(2, 8), word(3, 8.5)];
    const b = [word(0, 10.1), word(1, 10.6), word(2, 9), word(3, 9.5)];
    const c = [word(0, 10.2), word(1, 10.7), word(2, 30), word(3, 30.5)];
    expect(lineConsensus([a, b, c], lines).source.slice(2)).toEqual([2, 2]);
  });
});
