import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AlignmentItemResponseSchema,
  AlignmentReplacementSchema,
  AlignmentSchema,
} from './alignment';
import { isValidAlignmentReplacement } from './alignment-check';
import { MAX_INDEX } from './common';

/**
 * The hand-read fast paths of the alignment schemas (the items a client receives, the body of a
 * replacement the service receives) against zod over arbitrary values: the same answer, the same
 * errors. Values wrong for most fields:
 */
const anyValue = fc.constantFrom<unknown>(
  undefined,
  null,
  0,
  1,
  -1,
  1.5,
  -0,
  MAX_INDEX,
  MAX_INDEX + 2,
  Number.MAX_VALUE,
  '',
  'x',
  true,
  [],
  {},
);
/** Mostly a good value, sometimes anything: both answers come up often. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: anyValue, weight: 1 });
/** Usually absent (undefined members vanish through JSON), sometimes anything. */
const rarely = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 12 },
  { arbitrary: anyValue, weight: 1 },
);
const index = mostly(fc.nat(20));
const responseItem = fc.record({
  id: fc.oneof(fc.constant(undefined), mostly(fc.constantFrom('a', 'b', ''))),
  line: index,
  word: index,
  subword: index,
  start: mostly(fc.double({ min: 0, max: 30, noNaN: true })),
  end: mostly(fc.double({ min: 0, max: 30, noNaN: true })),
  text: mostly(fc.string()),
  singer: fc.oneof(fc.constant(undefined), index),
  translations: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 6 },
    {
      arbitrary: mostly(
        fc.dictionary(fc.constantFrom('en', 'de'), mostly(fc.record({ text: fc.string() }))),
      ),
      weight: 1,
    },
  ),
  extra: rarely,
});
const items = fc.oneof(
  { arbitrary: fc.array(mostly(responseItem), { maxLength: 5 }), weight: 12 },
  { arbitrary: anyValue, weight: 1 },
);

/** The schema as it was: zod reads every item. */
const Before = z.object({ items: z.array(AlignmentItemResponseSchema) });
const After = AlignmentSchema.shape.alignment;

describe('alignment items as received (the hand-read fast path)', () => {
  it('gives what zod gives: the same items, or the same errors at the same fields', () => {
    let valid = 0;
    fc.assert(
      fc.property(items, (value) => {
        // Through JSON, as the client receives it (undefined members vanish).
        const json: unknown = JSON.parse(JSON.stringify({ items: value ?? null }));
        const before = Before.safeParse(json);
        const after = After.safeParse(json);
        expect(after.success).toBe(before.success);
        if (before.success) {
          valid++;
          expect(after.data).toEqual(before.data);
          // the same fields in the same order (one object shape)
          expect(JSON.stringify(after.data)).toBe(JSON.stringify(before.data));
        } else {
          expect(after.error?.issues).toEqual(before.error.issues);
          expect(z.prettifyError(after.error!)).toBe(z.prettifyError(before.error));
        }
      }),
      { numRuns: 3000 },
    );
    expect(valid).toBeGreaterThan(300);
  });

  it('drops unknown fields and keeps translations', () => {
    const la = { id: 'a', line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'la' };
    const di = { line: 0, word: 1, subword: 0, start: 2, end: 3, text: 'di', singer: 2 };
    const de = { text: 'da', editedManually: true };
    const parsed = After.parse({
      items: [
        { ...la, mood: 'x' },
        { ...di, translations: { de: { ...de, extra: 1 } } },
      ],
    });
    expect(parsed.items).toEqual([la, { ...di, translations: { de } }]);
  });

  it('names the field of a bad item', () => {
    const result = After.safeParse({
      items: [{ line: 0, word: 0, subword: 0, start: -1, end: 2, text: 'la' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['items', 0, 'start']);
  });
});

const translation = mostly(
  fc.oneof(
    fc.record({ text: fc.string() }),
    fc.record({ text: fc.string(), editedManually: mostly(fc.boolean()) }),
    fc.record({ text: mostly(fc.string()), other: rarely }),
  ),
);
const replacementItem = fc
  .record({
    id: fc.oneof(fc.constant(undefined), mostly(fc.constantFrom('a', 'b', 'c', 'd', 'e', ''))),
    line: index,
    word: index,
    subword: index,
    start: mostly(fc.double({ min: 0, max: 30, noNaN: true })),
    length: fc.oneof(
      { arbitrary: fc.double({ min: 0, max: 2, noNaN: true }), weight: 10 },
      { arbitrary: fc.double({ min: -2, max: 0, noNaN: true }), weight: 1 },
    ),
    text: mostly(fc.string()),
    singer: fc.oneof(fc.constant(undefined), index),
    translations: fc.oneof(
      fc.constant(undefined),
      mostly(fc.dictionary(fc.constantFrom('en', 'de'), translation)),
    ),
    extra: rarely,
  })
  .map(({ length, ...rest }) => ({
    ...rest,
    end: typeof rest.start === 'number' ? rest.start + length : length,
  }));
const body = fc.record({
  alignment: mostly(
    fc.oneof(
      {
        arbitrary: fc.record({ items: fc.array(mostly(replacementItem), { maxLength: 4 }) }),
        weight: 10,
      },
      {
        arbitrary: fc.record({
          items: fc.array(replacementItem, { maxLength: 2 }),
          name: anyValue,
        }),
        weight: 1,
      },
    ),
  ),
  expectedRevision: mostly(fc.constantFrom('r1', 'r2')),
  select: fc.oneof(fc.constant(undefined), mostly(fc.boolean())),
  expectedSelectionRevision: fc.oneof(fc.constant(undefined), mostly(fc.constantFrom('s1'))),
  force: rarely,
});
const good = (over: Record<string, unknown> = {}) => ({
  line: 0,
  word: 0,
  subword: 0,
  start: 1,
  end: 2,
  text: 'la',
  ...over,
});
const wrap = (items: unknown[]) => ({ alignment: { items }, expectedRevision: 'r' });

describe('isValidAlignmentReplacement', () => {
  it('agrees with AlignmentReplacementSchema on arbitrary bodies', () => {
    let valid = 0;
    fc.assert(
      fc.property(fc.oneof(body, anyValue), (value) => {
        // Through JSON, as the service receives it (drops undefined members).
        const json: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
        const accepted = AlignmentReplacementSchema.safeParse(json).success;
        if (accepted) valid++;
        expect(isValidAlignmentReplacement(json)).toBe(accepted);
      }),
      { numRuns: 3000 },
    );
    // The generator must reach both answers often enough for the agreement to mean something.
    expect(valid).toBeGreaterThan(30);
  });

  it('accepts a full valid body and rejects each rule the spec and our decisions add', () => {
    const full = {
      ...wrap([
        good({ id: 'a', singer: 1, translations: { de: { text: 'x', editedManually: true } } }),
      ]),
      select: true,
      expectedSelectionRevision: 's',
    };
    expect(isValidAlignmentReplacement(full)).toBe(true);
    const bad: unknown[] = [
      null,
      wrap([good({ start: 3, end: 2 })]),
      wrap([good({ id: 'a' }), good({ id: 'a' })]),
      wrap([good({ colour: 'red' })]),
      JSON.parse('{"alignment":{"items":[]},"expectedRevision":"r","__proto__":{}}'),
    ];
    for (const value of bad) {
      expect(isValidAlignmentReplacement(value)).toBe(false);
      expect(AlignmentReplacementSchema.safeParse(value).success).toBe(false);
    }
  });

  it('names the field in zod messages for the cross-item rules', () => {
    const result = AlignmentReplacementSchema.safeParse(
      wrap([good({ id: 'a' }), good({ id: 'a', start: 5, end: 4 })]),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['alignment.items.1.end', 'alignment.items.1.id']);
  });
});
