import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromColumns, putItemColumns, takeItemColumns, toColumns } from './item-columns';
import { plainItem } from './plain-item';
import { ProjectSchema } from './project';

/** Items as a service may send them: mostly plain, sometimes odd (translations, bad fields). */
const odd = fc.constantFrom<unknown>(undefined, null, -1, 1.5, '', 'x', {}, Number.MAX_VALUE);
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 30 }, { arbitrary: odd, weight: 1 });
const index = mostly(fc.nat(Number.MAX_SAFE_INTEGER));
const item = fc.record({
  id: fc.oneof(fc.constant(undefined), mostly(fc.string({ minLength: 1, maxLength: 12 }))),
  line: index,
  word: index,
  subword: index,
  start: mostly(fc.double({ min: 0, max: 3600, noNaN: true })),
  end: mostly(fc.double({ min: 0, max: 3600, noNaN: true })),
  text: mostly(fc.string({ unit: 'grapheme' })),
  singer: fc.oneof(fc.constant(undefined), index),
  translations: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 20 },
    { arbitrary: fc.constant({ de: { text: 'Wort' } }), weight: 1 },
  ),
  extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: odd, weight: 1 }),
});
const alignment = (items: unknown, n: number) => ({
  id: `a${n}`,
  model: 'm',
  alignment: { items },
  createdAt: '2026-01-01T00:00:00Z',
  revision: 'r',
  selected: n === 0,
  selectionRevision: 's',
});
const project = fc
  .array(fc.array(item, { maxLength: 8 }), { maxLength: 3 })
  .map((lists) => ({ id: 'p', title: 't', alignments: lists.map(alignment) }));

describe('item columns (the project read off the main thread)', () => {
  it('a project read through columns is the one the schema reads: same items, same order of fields, same errors', () => {
    let taken = 0;
    fc.assert(
      fc.property(project, (value) => {
        const json = JSON.stringify(value);
        const direct = ProjectSchema.safeParse(JSON.parse(json));
        const payload: unknown = JSON.parse(json);
        const columns = takeItemColumns(payload);
        taken += columns.length;
        // as the worker sends it: a structured clone
        const { payload: sent, columns: got } = structuredClone({ payload, columns });
        const via = ProjectSchema.safeParse(sent);
        expect(via.success).toBe(direct.success);
        if (!direct.success) {
          // only lists of plain items were taken, and those have nothing to say
          expect(via.error?.issues).toEqual(direct.error.issues);
          return;
        }
        putItemColumns(via.data!, got);
        expect(via.data).toEqual(direct.data);
        expect(JSON.stringify(via.data)).toBe(JSON.stringify(direct.data));
      }),
      { numRuns: 1500 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it('takes a list only when every item is plain; others stay for the schema', () => {
    const plain = { id: 'x', line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'la' };
    const translated = { ...plain, id: 'y', translations: { de: { text: 'la' } } };
    const payload = {
      alignments: [alignment([plain], 0), alignment([plain, translated], 1), alignment([], 2)],
    };
    const taken = takeItemColumns(payload);
    expect(taken.map((t) => t.at)).toEqual([0, 2]);
    expect(payload.alignments[0]!.alignment.items).toEqual([]);
    expect(payload.alignments[1]!.alignment.items).toHaveLength(2);
    expect(takeItemColumns(null)).toEqual([]);
    expect(takeItemColumns({ alignments: 'x' })).toEqual([]);
  });

  it('round-trips ids, texts and singers of any length, built as plainItem builds them', () => {
    const items = [
      { line: 1, word: 2, subword: 0, start: 0, end: 0.5, text: '' },
      { id: 'é🎤', line: 1, word: 3, subword: 1, start: -0, end: 1, text: '歌 ', singer: 0 },
      { id: 'z', line: 2, word: 0, subword: 0, start: 3, end: 4, text: 'x', singer: 7, more: 1 },
    ];
    const out = fromColumns(toColumns(items)!);
    expect(out).toEqual(items.map(plainItem));
    expect(out.map((i) => Object.keys(i).join())).toEqual(
      items.map((i) => Object.keys(plainItem(i)!).join()),
    );
    expect(toColumns([...items, { ...items[0], start: 'x' }])).toBeNull();
  });
});
