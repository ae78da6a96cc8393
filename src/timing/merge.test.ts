import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { merge, mergedItems, resolveMerge } from './merge';
import { word } from './test-items';

const a = word(0, 0, 0, 1, 'a', { id: 'a' });
const b = word(0, 1, 1, 2, 'b', { id: 'b' });
const base = [a, b];
const key = (items: AlignmentItem[]) => items.map((x) => `${x.id}:${x.text}@${x.start}-${x.end}`);

const run = (
  mine: AlignmentItem[],
  theirs: AlignmentItem[],
  choice: 'mine' | 'theirs' = 'mine',
) => {
  const result = merge(base, mine, theirs);
  return { result, items: key(mergedItems(mine, resolveMerge(result, choice))) };
};

const cases: [string, AlignmentItem[], AlignmentItem[], string[], string[]][] = [
  ['only mine changed', [{ ...a, start: 0.5 }, b], base, ['a:a@0.5-1', 'b:b@1-2'], []],
  ['only theirs changed', base, [a, { ...b, text: 'B' }], ['a:a@0-1', 'b:B@1-2'], []],
  [
    'same change on both',
    [{ ...a, end: 0.9 }, b],
    [{ ...a, end: 0.9 }, b],
    ['a:a@0-0.9', 'b:b@1-2'],
    [],
  ],
  [
    'disjoint fields combine',
    [{ ...a, start: 0.2 }, b],
    [{ ...a, text: 'A' }, b],
    ['a:A@0.2-1', 'b:b@1-2'],
    [],
  ],
  [
    'same field differs: conflict',
    [{ ...a, start: 0.2 }, b],
    [{ ...a, start: 0.3 }, b],
    ['a:a@0.2-1', 'b:b@1-2'],
    ['a:edit:start'],
  ],
  [
    'added on one side',
    [a, b, word(1, 0, 3, 4, 'c', { id: 'c' })],
    base,
    ['a:a@0-1', 'b:b@1-2', 'c:c@3-4'],
    [],
  ],
  [
    'added on both, same',
    [a, b, word(1, 0, 3, 4, 'c', { id: 'c' })],
    [a, b, word(1, 0, 3, 4, 'c', { id: 'c' })],
    ['a:a@0-1', 'b:b@1-2', 'c:c@3-4'],
    [],
  ],
  [
    'added on both, different',
    [a, b, word(1, 0, 3, 4, 'c', { id: 'c' })],
    [a, b, word(1, 0, 3, 4, 'C', { id: 'c' })],
    ['a:a@0-1', 'b:b@1-2', 'c:c@3-4'],
    ['c:add-add:text'],
  ],
  ['deleted on one side', [a], base, ['a:a@0-1'], []],
  ['deleted by theirs', base, [b], ['b:b@1-2'], []],
  ['deleted on both', [a], [a], ['a:a@0-1'], []],
  ['mine deleted, theirs edited', [a], [a, { ...b, text: 'B' }], ['a:a@0-1'], ['b:delete-edit:']],
  [
    'mine edited, theirs deleted',
    [a, { ...b, end: 3 }],
    [a],
    ['a:a@0-1', 'b:b@1-3'],
    ['b:edit-delete:'],
  ],
];

describe('three-way merge', () => {
  it.each(cases)('%s', (_name, mine, theirs, expected, conflicts) => {
    const { result, items } = run(mine, theirs);
    expect(items).toEqual(expected);
    expect(result.conflicts.map((c) => `${c.key}:${c.kind}:${c.fields.join(',')}`)).toEqual(
      conflicts,
    );
  });

  it('resolves conflicts per key, keeping the merged fields', () => {
    const mine = [
      { ...a, start: 0.2, text: 'A' },
      { ...b, end: 3 },
    ];
    const theirs = [
      { ...a, start: 0.3 },
      { ...b, end: 4 },
    ];
    const result = merge(base, mine, theirs);
    expect(result.conflicts.map((c) => c.key)).toEqual(['a', 'b']);
    const items = mergedItems(mine, resolveMerge(result, { a: 'theirs', b: 'mine' }));
    expect(key(items)).toEqual(['a:A@0.3-1', 'b:b@1-3']);
    expect(key(mergedItems(mine, resolveMerge(result, 'theirs')))).toEqual([
      'a:A@0.3-1',
      'b:b@1-4',
    ]);
  });

  it('a theirs choice on delete-edit brings the item back', () => {
    const result = merge(base, [a], [a, { ...b, text: 'B' }]);
    expect(key(mergedItems([a], resolveMerge(result, 'theirs')))).toEqual(['a:a@0-1', 'b:B@1-2']);
  });

  it('merges translations per language', () => {
    const t = (fr?: string, de?: string) => ({
      ...a,
      translations: {
        ...(fr ? { fr: { text: fr } } : {}),
        ...(de ? { de: { text: de } } : {}),
      },
    });
    const baseT = [t('le', 'der'), b];
    const mine = [t('la', 'der'), b];
    const result = merge(baseT, mine, [t('le', 'die'), b]);
    expect(result.conflicts).toEqual([]);
    const items = mergedItems(mine, resolveMerge(result, 'mine'));
    expect(items[0]?.translations).toEqual({ fr: { text: 'la' }, de: { text: 'die' } });
  });
});

describe('words the service gave an id', () => {
  // Sent without ids (imported, split, typed), stored with the ids the service gave them.
  const sent = [word(0, 0, 0, 1, 'x'), word(0, 1, 1, 2, 'y')];
  const stored = sent.map((x, i) => ({ ...x, id: `itm_s_${i}` }));
  const texts = (items: AlignmentItem[]) => items.map((x) => `${x.id}:${x.text}@${x.start}`);

  it('a draft of the same words merged onto the stored version keeps one of each, with its id', () => {
    const result = merge(base, sent, stored);
    expect(result.conflicts).toEqual([]);
    expect(texts(mergedItems(sent, resolveMerge(result, 'mine')))).toEqual([
      'itm_s_0:x@0',
      'itm_s_1:y@1',
    ]);
  });

  it('an edit of mine on a sent word and theirs on another both stay, on the stored ids', () => {
    const mine = [{ ...sent[0]!, start: 0.2 }, sent[1]!];
    const theirs = [stored[0]!, { ...stored[1]!, text: 'Y' }];
    const result = merge(sent, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(texts(mergedItems(mine, resolveMerge(result, 'mine')))).toEqual([
      'itm_s_0:x@0.2',
      'itm_s_1:Y@1',
    ]);
  });

  it('a true conflict on such a word is keyed by its new id and resolves to one word', () => {
    const mine = [{ ...sent[0]!, start: 0.2 }, sent[1]!];
    const theirs = [{ ...stored[0]!, start: 0.3 }, stored[1]!];
    const result = merge(sent, mine, theirs);
    expect(result.conflicts.map((c) => [c.key, c.fields])).toEqual([['itm_s_0', ['start']]]);
    for (const choice of ['mine', 'theirs'] as const) {
      const items = mergedItems(mine, resolveMerge(result, choice));
      expect(texts(items)).toEqual([`itm_s_0:x@${choice === 'mine' ? 0.2 : 0.3}`, 'itm_s_1:y@1']);
    }
  });

  it('a word deleted on my side stays deleted when theirs only gave it an id', () => {
    const result = merge(sent, [sent[1]!], stored);
    expect(texts(mergedItems([sent[1]!], resolveMerge(result, 'mine')))).toEqual(['itm_s_1:y@1']);
  });
});
