import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentColumns } from './item-columns';
import { readProjectJson, readProjectText, type ProjectRead } from './item-scan';

/** Items as a service may send them: mostly plain, sometimes odd (translations, bad fields). */
const odd = fc.constantFrom<unknown>(
  undefined,
  null,
  -1,
  -0,
  1.5,
  1e21,
  5e-324,
  '',
  'x',
  'a"b\\c\n\u0001é😀',
  {},
  [1, { a: [] }],
  true,
  Number.MAX_VALUE,
);
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 20 }, { arbitrary: odd, weight: 1 });
const index = mostly(fc.oneof(fc.nat(1000), fc.nat(Number.MAX_SAFE_INTEGER)));
const seconds = mostly(
  fc.oneof(
    fc.double({ min: 0, max: 3600, noNaN: true }),
    fc.integer({ min: 0, max: 3_600_000 }).map((ms) => ms / 1000),
  ),
);
const item = fc.record({
  id: fc.oneof(fc.constant(undefined), mostly(fc.string({ minLength: 1, maxLength: 12 }))),
  line: index,
  word: index,
  subword: index,
  start: seconds,
  end: seconds,
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
  alignment: { items, note: n },
  createdAt: '2026-01-01T00:00:00Z',
  revision: 'r',
  selected: n === 0,
  selectionRevision: 's',
});
const project = fc
  .array(fc.array(item, { maxLength: 8 }), { maxLength: 3 })
  .map((lists) => ({ id: 'p', title: 't\u00e9', alignments: lists.map(alignment) }));

/** The project's JSON, sometimes indented, sometimes changed by a few characters. */
const text = fc
  .tuple(
    project,
    fc.constantFrom(0, 0, 0, 1, '\t'),
    fc.array(
      fc.tuple(fc.nat(), fc.constantFrom('', ',', '"', '\\', '}', ']', ' ', '\n', '-', 'e5', '0')),
      { maxLength: 2 },
    ),
    fc.constantFrom(
      (s: string) => s,
      (s: string) => s,
      (s: string) => s.replace('"line"', '"\\u006cine"'),
      (s: string) => s.replace('"start":', '"start":1e1,"start":'),
      (s: string) => s.replace('"items":', '"items":[],"items":'),
      (s: string) => s.replace(/"end":(\d+)/, '"end":$1E0'),
      (s: string) => s.replace('"alignments":', '"alignments":null,"alignments":'),
    ),
  )
  .map(([value, indent, edits, change]) => {
    let s = change(JSON.stringify(value, null, indent || undefined));
    for (const [at, what] of edits) {
      const p = s.length ? at % s.length : 0;
      s = s.slice(0, p) + what + s.slice(p + 1);
    }
    return s;
  });

const columnsOf = (list: AlignmentColumns[]) =>
  list.map(({ at, columns }) => ({
    at,
    count: columns.count,
    strings: columns.strings,
    // -0 and 0 are told apart
    numbers: [...columns.numbers].map((n) => (Object.is(n, -0) ? '-0' : n)),
    lengths: [...columns.lengths],
  }));
const same = (a: ProjectRead, b: ProjectRead) => {
  expect(a.payload).toEqual(b.payload);
  expect(JSON.stringify(a.payload)).toBe(JSON.stringify(b.payload));
  expect(columnsOf(a.columns)).toEqual(columnsOf(b.columns));
};

describe('the project scanned from its text (item-scan)', () => {
  it('reads what JSON.parse and takeItemColumns read, for any text', () => {
    let scanned = 0;
    fc.assert(
      fc.property(text, (s) => {
        const got = readProjectText(s);
        same(got, readProjectJson(s));
        scanned += got.columns.length;
      }),
      { numRuns: 3000 },
    );
    expect(scanned).toBeGreaterThan(500);
  });

  it('numbers as JSON.parse reads them, digits and decimals to the limits of the fast path', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e6, noNaN: true }),
          fc.tuple(fc.nat(), fc.nat(25)).map(([m, k]) => m / 10 ** k),
          fc
            .tuple(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.nat(24))
            .map(([m, k]) =>
              `${m}`.padStart(k + 1, '0').replace(new RegExp(`(\\d{${k}})$`), '.$1'),
            ),
        ),
        (n) => {
          const s = `{"alignments":[{"alignment":{"items":[{"line":0,"word":0,"subword":0,"start":${String(n)},"end":1,"text":""}]}}]}`;
          same(readProjectText(s), readProjectJson(s));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('takes the plain lists, leaves the others, and reads errors and other bodies as before', () => {
    const plain = { id: 'x', line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'la' };
    const translated = { ...plain, translations: { de: { text: 'la' } } };
    const s = JSON.stringify({
      alignments: [alignment([plain], 0), alignment([translated], 1), alignment([], 2)],
    });
    const got = readProjectText(s);
    expect(got.columns.map((c) => c.at)).toEqual([0, 2]);
    expect(got.columns[0]?.columns.strings).toBe('xla');
    same(got, readProjectJson(s));
    for (const other of ['', 'not json', '{"type":"about:blank","status":404}', '[1]', '{'])
      same(readProjectText(other), readProjectJson(other));
  });
});
