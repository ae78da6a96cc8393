import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { createDoc, getItem, itemAt, toArray, type TimingDoc } from './doc';
import { keyOf } from './item-key';
import type { SplitInto } from './op-types';
import { applyOp } from './ops';
import { planTake } from './take';
import { song, word } from './test-items';

/** Line 0: "ab" [0,1] as one word with sub-words a|b, "cd" [1,2], "e" [3,4]; line 1: f [5,6]. */
const base = () =>
  createDoc(
    [
      word(0, 0, 0, 0.5, 'a', { id: 'A' }),
      word(0, 0, 0.5, 1, 'b', { subword: 1 }),
      word(0, 1, 1, 2, 'cd', { singer: 2 }),
      word(0, 2, 3, 4, 'e'),
      word(1, 0, 5, 6, 'f'),
    ],
    { duration: 10 },
  );

const lyric = (doc: TimingDoc, line = 0) =>
  toArray(doc)
    .filter((x) => x.line === line)
    .sort((a, b) => a.word - b.word || a.subword - b.subword)
    .map((x) => `${x.word}.${x.subword}:${x.text}@${x.start}-${x.end}`);

describe('split into sub-words or words', () => {
  const table: [string, SplitInto, string[]][] = [
    [
      'sub-words',
      'subwords',
      ['0.0:a@0-0.5', '0.1:b@0.5-1', '1.0:c@1-1.5', '1.1:d@1.5-2', '2.0:e@3-4'],
    ],
    ['words', 'words', ['0.0:a@0-0.5', '0.1:b@0.5-1', '1.0:c@1-1.5', '2.0:d@1.5-2', '3.0:e@3-4']],
  ];
  it.each(table)('splits "cd" at the playhead into %s', (_, into, expected) => {
    const { doc } = applyOp(base(), { type: 'split', key: '0/1/0', at: 1, time: 1.5, into });
    expect(lyric(doc)).toEqual(expected);
    expect(getItem(doc, into === 'words' ? '0/2/0' : '0/1/1')?.singer).toBe(2);
    expect(lyric(doc, 1)).toEqual(['0.0:f@5-6']); // other lines untouched
  });

  it('splitting a sub-word into words takes the later sub-words along', () => {
    const { doc } = applyOp(base(), { type: 'split', key: 'A', at: 0, into: 'words' });
    expect(doc).toBe(doc); // at 0: nothing
    const two = createDoc([
      word(0, 0, 0, 1, 'ab'),
      word(0, 0, 1, 2, 'cd', { subword: 1 }),
      word(0, 0, 2, 3, 'ef', { subword: 2 }),
      word(0, 1, 3, 4, 'g'),
    ]);
    const out = applyOp(two, { type: 'split', key: '0/0/1', at: 1, time: 1.25, into: 'words' });
    expect(lyric(out.doc)).toEqual([
      '0.0:ab@0-1',
      '0.1:c@1-1.25',
      '1.0:d@1.25-2',
      '1.1:ef@2-3',
      '2.0:g@3-4',
    ]);
  });

  it('merging with the next word keeps the span and joins the text', () => {
    const { doc } = applyOp(base(), { type: 'mergeWords', keys: ['0/1/0', '0/2/0'] });
    expect(lyric(doc)).toEqual(['0.0:a@0-0.5', '0.1:b@0.5-1', '1.0:cde@1-4']);
  });
});

describe('replace (take from comparison)', () => {
  const theirs = [
    word(0, 0, 0.1, 0.9, 'ab'),
    word(0, 1, 1.1, 1.6, 'c'),
    word(0, 1, 1.6, 2.2, 'd', { subword: 1 }),
    word(0, 2, 3.2, 4.2, 'e', { singer: 5 }),
    word(1, 0, 5.5, 6.5, 'f'),
  ];

  it('words: every sub-word of a selected word by the comparison’s, keeping id and singer', () => {
    const mine = base();
    const plan = planTake(mine, theirs, ['A', '0/1/0'], 'words');
    expect(plan.missing).toEqual([]);
    expect(plan.keys.sort()).toEqual(['0/0/1', '0/1/0', 'A']);
    const { doc } = applyOp(mine, { type: 'replace', keys: plan.keys, items: plan.items });
    expect(lyric(doc)).toEqual(['0.0:ab@0.1-0.9', '1.0:c@1.1-1.6', '1.1:d@1.6-2.2', '2.0:e@3-4']);
    expect(getItem(doc, 'A')?.text).toBe('ab'); // the id of the replaced item at 0/0/0 stays
    expect(getItem(doc, '0/1/0')?.singer).toBe(2); // mine at the same position
    expect(getItem(doc, '0/1/1')?.singer).toBeUndefined(); // theirs (none)
  });

  it('lines: the whole line, and says what the comparison lacks', () => {
    const plan = planTake(base(), theirs, ['0/2/0'], 'lines');
    expect(plan.keys).toHaveLength(4);
    const { doc } = applyOp(base(), { type: 'replace', keys: plan.keys, items: plan.items });
    expect(lyric(doc)).toEqual([
      '0.0:ab@0.1-0.9',
      '1.0:c@1.1-1.6',
      '1.1:d@1.6-2.2',
      '2.0:e@3.2-4.2',
    ]);
    expect(getItem(doc, '0/2/0')?.singer).toBeUndefined(); // mine had none at that position
    expect(planTake(base(), theirs.slice(0, 4), ['1/0/0'], 'lines').missing).toEqual(['1']);
    expect(planTake(base(), theirs, ['nope'], 'words')).toEqual({
      keys: [],
      items: [],
      missing: [],
    });
  });
});

describe('properties', () => {
  const doc = createDoc(song(40), { duration: 30 });
  const keyAt = (d: TimingDoc, i: number) => keyOf(itemAt(d, i % d.size) as AlignmentItem);

  it('merge(split(x)) gives x back, times and text included', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.constantFrom<SplitInto>('subwords', 'words'),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        (i, n, into, f) => {
          const key = keyAt(doc, i);
          const x = getItem(doc, key) as AlignmentItem;
          const at = 1 + (n % (x.text.length - 1));
          const time = f === null ? undefined : x.start + (x.end - x.start) * f;
          const { doc: split, change } = applyOp(doc, { type: 'split', key, at, time, into });
          expect(change.added.length).toBeGreaterThan(1);
          const second = change.added[1] as AlignmentItem;
          const { doc: back } = applyOp(split, { type: 'mergeWords', keys: [key, keyOf(second)] });
          expect(toArray(back)).toEqual(toArray(doc));
        },
      ),
    );
  });

  it('shifting by d then by -d is the identity (inside the song)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 39 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (picks, d) => {
          const keys = picks.map((i) => keyAt(doc, i));
          const there = applyOp(doc, { type: 'move', keys, delta: d }).doc;
          const back = applyOp(there, { type: 'move', keys, delta: -d }).doc;
          const first = Math.min(...keys.map((k) => getItem(doc, k)!.start));
          const last = Math.max(...keys.map((k) => getItem(doc, k)!.end));
          if (first + d < 0 || last + d > 30) return; // clamped at the song's ends: not invertible
          toArray(back).forEach((x, n) => {
            const y = toArray(doc)[n] as AlignmentItem;
            expect(x.text).toBe(y.text);
            expect(x.start).toBeCloseTo(y.start, 9);
            expect(x.end).toBeCloseTo(y.end, 9);
          });
        },
      ),
    );
  });

  it('stretch keeps the order and proportions of the selection', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0.5, max: 15, noNaN: true }),
        (start, length) => {
          const keys = [0, 1, 2, 3].map((i) => keyAt(doc, i));
          const end = Math.min(30, start + length);
          const out = applyOp(doc, { type: 'stretch', keys, start, end }).doc;
          const got = keys.map((k) => getItem(out, k)!);
          expect(got[0]!.start).toBeCloseTo(start, 9);
          expect(got[3]!.end).toBeCloseTo(end, 9);
          const scale =
            (end - start) / (getItem(doc, keys[3]!)!.end - getItem(doc, keys[0]!)!.start);
          keys.forEach((k) => {
            const before = getItem(doc, k)!;
            const after = getItem(out, k)!;
            expect(after.end - after.start).toBeCloseTo((before.end - before.start) * scale, 9);
          });
        },
      ),
    );
  });
});
