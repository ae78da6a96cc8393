import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spliceIds } from './items-splice';

const newIds = (items: { id?: string }[]) =>
  items.map((item, i) => (item.id === undefined ? `itm_x_${i.toString(36)}` : undefined));
const withIds = (items: { id?: string }[]) =>
  items.map((item, i) =>
    item.id === undefined ? { id: `itm_x_${i.toString(36)}`, ...item } : item,
  );

const item = fc.record(
  {
    id: fc.string({ minLength: 1 }),
    line: fc.nat(),
    start: fc.double({ min: 0, max: 10, noNaN: true }),
    text: fc.string(),
    translations: fc.dictionary(fc.string(), fc.record({ text: fc.string() })),
  },
  { requiredKeys: ['line', 'start', 'text'] },
);

describe('spliceIds', () => {
  it('gives the parsed items with new ids, whatever the spacing and strings hold', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 8 }),
        fc.constantFrom(undefined, 0, 2, '\t'),
        (items, space) => {
          const raw = Buffer.from(
            JSON.stringify(
              { expectedRevision: 'r', alignment: { items }, select: true },
              null,
              space,
            ),
          );
          const out = spliceIds(raw, items.length, newIds(items));
          expect(out).toBeDefined();
          expect(JSON.parse(String(out))).toEqual(withIds(items));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes the last alignment and items members, as JSON.parse does, and decodes escaped keys', () => {
    const raw = Buffer.from(
      '{"alignment":{"items":[{"a":1}]},"x":"]}[{","al\\u0069gnment":{"items":[{"b":"[\\"{"}],' +
        '"items":[{"c":[1,{"d":2}]},{"e":3}]}}',
    );
    const out = spliceIds(raw, 2, ['n0', undefined]);
    expect(JSON.parse(String(out))).toEqual([{ id: 'n0', c: [1, { d: 2 }] }, { e: 3 }]);
  });

  it('gives up (undefined) when the count does not match', () => {
    const raw = Buffer.from('{"alignment":{"items":[{"a":1}]}}');
    expect(spliceIds(raw, 2, [undefined, undefined])).toBeUndefined();
    expect(spliceIds(Buffer.from('{"items":[]}'), 0, [])).toBeUndefined();
  });
});
