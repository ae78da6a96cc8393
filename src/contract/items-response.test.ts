import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AlignmentItemResponseSchema, AlignmentSchema } from './alignment';
import { MAX_INDEX } from './common';

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
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: anyValue, weight: 1 });
const rarely = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 12 },
  { arbitrary: anyValue, weight: 1 },
);
const index = mostly(fc.nat(20));
const item = fc.record({
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
  { arbitrary: fc.array(mostly(item), { maxLength: 5 }), weight: 12 },
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
    const parsed = After.parse({
      items: [
        { id: 'a', line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'la', mood: 'x' },
        {
          line: 0,
          word: 1,
          subword: 0,
          start: 2,
          end: 3,
          text: 'di',
          singer: 2,
          translations: { de: { text: 'da', editedManually: true, extra: 1 } },
        },
      ],
    });
    expect(parsed.items).toEqual([
      { id: 'a', line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'la' },
      {
        line: 0,
        word: 1,
        subword: 0,
        start: 2,
        end: 3,
        text: 'di',
        singer: 2,
        translations: { de: { text: 'da', editedManually: true } },
      },
    ]);
  });

  it('names the field of a bad item', () => {
    const result = After.safeParse({
      items: [{ line: 0, word: 0, subword: 0, start: -1, end: 2, text: 'la' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['items', 0, 'start']);
  });
});
