import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdentityTable, scratchTable } from './identity-table';
import { word } from './test-items';

describe('IdentityTable', () => {
  it('behaves as a Map under any sequence of sets and deletes (growing, reusing deleted slots)', () => {
    const items = Array.from({ length: 8 }, (_, i) => word(0, i, i, i + 1));
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.boolean(),
            fc.constantFrom('', 'a', 'b', 'ab', 'ba', 'x/1/0', 'é'),
            fc.nat(7),
          ),
          { maxLength: 200 },
        ),
        fc.nat(40),
        (ops, expected) => {
          const table = new IdentityTable(expected);
          const map = new Map<string, unknown>();
          for (const [set, key, n] of ops) {
            if (set) {
              expect(table.set(key, items[n]!)).toBe(map.get(key));
              map.set(key, items[n]);
            } else expect(table.delete(key)).toBe(map.delete(key));
            expect(table.size).toBe(map.size);
          }
          for (const key of ['', 'a', 'b', 'ab', 'ba', 'x/1/0', 'é', 'zz'])
            expect(table.get(key)).toBe(map.get(key));
        },
      ),
    );
  });

  it('lends one scratch table at a time and forgets its items when handed back', () => {
    const first = scratchTable(100);
    first.table.set('a', word(0, 0, 0, 1));
    const second = scratchTable(100);
    expect(second.table).not.toBe(first.table);
    first.release();
    const third = scratchTable(100);
    expect(third.table).toBe(first.table);
    expect(third.table.get('a')).toBeUndefined();
    third.release();
    second.release();
  });
});
