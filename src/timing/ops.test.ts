import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { createDoc, getItem, isEstimated, toArray, type TimingDoc } from './doc';
import type { EditSettings, TimingOp } from './op-types';
import { applyChange } from './change';
import { keyOf } from './item-key';
import { applyOp, planOp } from './ops';
import { song, word } from './test-items';

/** Line 0: a [0,1] b [1,2] c [3,4]; line 1: d [5,6] (singer 1 overlaps nothing). */
const base = () =>
  createDoc(
    [word(0, 0, 0, 1, 'a'), word(0, 1, 1, 2, 'b'), word(0, 2, 3, 4, 'c'), word(1, 0, 5, 6, 'd')],
    { duration: 10 },
  );

const times = (doc: TimingDoc) =>
  Object.fromEntries(toArray(doc).map((x) => [x.text, [x.start, x.end]]));
const allow: EditSettings = { overlap: 'allow' };
const stop: EditSettings = { overlap: 'stop' };
const push: EditSettings = { overlap: 'push' };

const cases: [string, TimingOp, EditSettings, Record<string, [number, number]>][] = [
  ['move one word', { type: 'move', keys: ['0/2/0'], delta: 0.5 }, allow, { c: [3.5, 4.5] }],
  ['move clamps at 0', { type: 'move', keys: ['0/0/0'], delta: -5 }, allow, { a: [0, 1] }],
  ['move clamps at duration', { type: 'move', keys: ['1/0/0'], delta: 9 }, allow, { d: [9, 10] }],
  [
    'move allow overlaps',
    { type: 'move', keys: ['0/1/0'], delta: 1.5 },
    allow,
    { b: [2.5, 3.5], c: [3, 4] },
  ],
  [
    'move stop at neighbour',
    { type: 'move', keys: ['0/1/0'], delta: 1.5 },
    stop,
    { b: [2, 3], c: [3, 4] },
  ],
  [
    'move push neighbours',
    { type: 'move', keys: ['0/1/0'], delta: 1.5 },
    push,
    { b: [2.5, 3.5], c: [3.5, 4.5] },
  ],
  [
    'move push cascades',
    { type: 'move', keys: ['0/1/0'], delta: 3.5 },
    push,
    { b: [4.5, 5.5], c: [5.5, 6.5], d: [6.5, 7.5] },
  ],
  [
    'move a selection',
    { type: 'move', keys: ['0/0/0', '0/1/0'], delta: 0.5 },
    stop,
    { a: [0.5, 1.5], b: [1.5, 2.5] },
  ],
  [
    'nudge normal',
    { type: 'nudge', keys: ['0/2/0'], direction: 1, step: 'normal' },
    allow,
    { c: [3.05, 4.05] },
  ],
  [
    'nudge coarse back',
    { type: 'nudge', keys: ['0/2/0'], direction: -1, step: 'coarse' },
    allow,
    { c: [2.75, 3.75] },
  ],
  [
    'nudge fine end',
    { type: 'nudge', keys: ['0/2/0'], direction: 1, step: 'fine', edge: 'end' },
    allow,
    { c: [3, 4.01] },
  ],
  ['set start', { type: 'setStart', key: '0/2/0', time: 2.5 }, allow, { c: [2.5, 4] }],
  ['set start clamps to end', { type: 'setStart', key: '0/2/0', time: 9 }, allow, { c: [4, 4] }],
  [
    'set start stops at neighbour',
    { type: 'setStart', key: '0/2/0', time: 1.5 },
    stop,
    { b: [1, 2], c: [2, 4] },
  ],
  [
    'set start pushes neighbour',
    { type: 'setStart', key: '0/2/0', time: 1.5 },
    push,
    { a: [0, 0.5], b: [0.5, 1.5], c: [1.5, 4] },
  ],
  ['set end', { type: 'setEnd', key: '0/0/0', time: 0.5 }, allow, { a: [0, 0.5] }],
  ['set end clamps to duration', { type: 'setEnd', key: '1/0/0', time: 50 }, allow, { d: [5, 10] }],
  ['set end stops at neighbour', { type: 'setEnd', key: '0/1/0', time: 3.5 }, stop, { b: [1, 3] }],
  [
    'set end pushes',
    { type: 'setEnd', key: '0/1/0', time: 3.5 },
    push,
    { b: [1, 3.5], c: [3.5, 4.5] },
  ],
  [
    'roll a boundary',
    { type: 'roll', leftKey: '0/0/0', rightKey: '0/1/0', time: 1.25 },
    allow,
    { a: [0, 1.25], b: [1.25, 2] },
  ],
  [
    'roll clamps inside both',
    { type: 'roll', leftKey: '0/0/0', rightKey: '0/1/0', time: 7 },
    allow,
    { a: [0, 2], b: [2, 2] },
  ],
  [
    'stretch a selection',
    { type: 'stretch', keys: ['0/0/0', '0/1/0'], start: 0, end: 4 },
    allow,
    { a: [0, 2], b: [2, 4] },
  ],
  [
    'tap with latency',
    { type: 'tap', key: '0/2/0', prevKey: '0/1/0', time: 2.7, latency: 0.2 },
    allow,
    { b: [1, 2.5], c: [2.5, 4] },
  ],
  ['hold end', { type: 'holdEnd', key: '0/2/0', time: 3.9, latency: 0.2 }, allow, { c: [3, 3.7] }],
];

describe('timing operations', () => {
  it.each(cases)('%s', (_name, op, settings, expected) => {
    const before = base();
    const { doc } = applyOp(before, op, settings);
    const got = times(doc);
    for (const [text, span] of Object.entries(expected)) {
      expect(got[text]?.[0]).toBeCloseTo(span[0], 9);
      expect(got[text]?.[1]).toBeCloseTo(span[1], 9);
    }
    expect(times(before)).toEqual({ a: [0, 1], b: [1, 2], c: [3, 4], d: [5, 6] }); // pure
  });
});

const texts = (doc: TimingDoc) =>
  toArray(doc)
    .filter((x) => x.line === 0)
    .sort((a, b) => a.word - b.word || a.subword - b.subword)
    .map((x: AlignmentItem) => `${x.word}.${x.subword}:${x.text}@${x.start}-${x.end}`);

describe('word operations', () => {
  it('splits a word at a character, time proportional and estimated', () => {
    const doc = createDoc([word(0, 0, 0, 1, 'abcd'), word(0, 0, 1, 2, 'ef', { subword: 1 })]);
    const { doc: out } = applyOp(doc, { type: 'split', key: '0/0/0', at: 1 });
    expect(texts(out)).toEqual(['0.0:a@0-0.25', '0.1:bcd@0.25-1', '0.2:ef@1-2']);
    expect(isEstimated(out, '0/0/1')).toBe(true);
  });

  it('splits at a given time without guessing', () => {
    const { doc } = applyOp(base(), { type: 'split', key: '0/0/0', at: 0, time: 0.5 });
    expect(doc.size).toBe(4); // at 0: nothing to split
    const { doc: out } = applyOp(createDoc([word(0, 0, 0, 1, 'ab')]), {
      type: 'split',
      key: '0/0/0',
      at: 1,
      time: 0.7,
    });
    expect(texts(out)).toEqual(['0.0:a@0-0.7', '0.1:b@0.7-1']);
    expect(out.estimated.size).toBe(0);
  });

  it('merges adjacent words and renumbers the rest of the line', () => {
    const { doc } = applyOp(base(), { type: 'mergeWords', keys: ['0/1/0', '0/0/0'] });
    expect(texts(doc)).toEqual(['0.0:ab@0-2', '1.0:c@3-4']);
  });

  it('refuses to merge words that are not adjacent', () => {
    const { change } = applyOp(base(), { type: 'mergeWords', keys: ['0/0/0', '0/2/0'] });
    expect(change.removed).toHaveLength(0);
  });

  it('inserts a word into the gap after another, estimated', () => {
    const { doc } = applyOp(base(), { type: 'insertWord', afterKey: '0/1/0', text: 'new' });
    expect(texts(doc)).toEqual(['0.0:a@0-1', '1.0:b@1-2', '2.0:new@2-3', '3.0:c@3-4']);
    expect(isEstimated(doc, '0/2/0')).toBe(true);
  });

  it('inserts and deletes items', () => {
    const { doc } = applyOp(base(), { type: 'insert', items: [word(2, 0, 7, 8, 'e')] });
    expect(getItem(doc, '2/0/0')?.text).toBe('e');
    const { doc: out } = applyOp(doc, { type: 'delete', keys: ['0/1/0', '2/0/0'] });
    expect(texts(out)).toEqual(['0.0:a@0-1', '2.0:c@3-4']);
  });

  it('edits text, singer and translations', () => {
    let doc = applyOp(base(), { type: 'setText', key: '0/0/0', text: 'A' }).doc;
    doc = applyOp(doc, { type: 'setSinger', keys: ['0/0/0', '0/1/0'], singer: 2 }).doc;
    doc = applyOp(doc, { type: 'setTranslation', key: '0/0/0', lang: 'fr', text: 'le' }).doc;
    expect(getItem(doc, '0/0/0')).toEqual({
      ...word(0, 0, 0, 1, 'A'),
      singer: 2,
      translations: { fr: { text: 'le', editedManually: true } },
    });
    doc = applyOp(doc, { type: 'setSinger', keys: ['0/0/0'], singer: undefined }).doc;
    doc = applyOp(doc, { type: 'setTranslation', key: '0/0/0', lang: 'fr', text: null }).doc;
    expect(getItem(doc, '0/0/0')).toEqual(word(0, 0, 0, 1, 'A'));
    expect(Object.keys(getItem(doc, '0/0/0')!)).not.toContain('singer');
  });

  it('clears the estimated flag when a word is timed by hand', () => {
    const doc = createDoc([word(0, 0, 0, 1, 'a')], { estimated: ['0/0/0'] });
    const { doc: out } = applyOp(doc, { type: 'setEnd', key: '0/0/0', time: 0.8 });
    expect(isEstimated(out, '0/0/0')).toBe(false);
  });
});

describe('a planned move applied with the positions found while planning it', () => {
  it('gives the same document as applying the change by searching', () => {
    const items = song(2000, true);
    const doc = createDoc(items, { duration: 2000 });
    // Scattered keys, some twice, one unknown, several words crossing their neighbours.
    const keys = ['i1999', 'i5', 'i700', 'i5', 'nope', 'i1', 'i1300', 'i701', 'i129'];
    for (const delta of [0.01, 0.7, -0.3]) {
      const change = planOp(doc, { type: 'move', keys, delta });
      const hinted = applyChange(doc, change);
      const searched = applyChange(doc, { ...change });
      expect(toArray(hinted)).toEqual(toArray(searched));
      expect(change.removed.map(keyOf)).toEqual([
        'i1',
        'i5',
        'i129',
        'i700',
        'i701',
        'i1300',
        'i1999',
      ]);
      // The hint is for that doc only: planned on `doc`, applied to `hinted`, it is searched.
      const next = planOp(doc, { type: 'move', keys: ['i3'], delta });
      expect(() => applyChange(hinted, next)).not.toThrow();
      expect(getItem(applyChange(hinted, next), 'i3')!.start).toBeCloseTo(
        items[3]!.start + delta,
        9,
      );
    }
  });
});
