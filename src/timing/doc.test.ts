import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  composeChanges,
  EMPTY_CHANGE,
  invertChange,
  withoutUnchanged,
  type Change,
} from './change';
import { diffDocs } from './diff';
import {
  createDoc,
  findItems,
  getItem,
  indexAtTime,
  indexSomeKeys,
  indexOfKey,
  itemAt,
  toArray,
  visibleRange,
  CHUNK_SIZE,
} from './doc';
import { compareItems, keyOf, withTimes } from './item-key';
import { indexed } from './key-index';
import { song, word } from './test-items';

describe('TimingDoc', () => {
  it('sorts by start and reads by index and key', () => {
    const doc = createDoc([word(0, 1, 2, 3), word(0, 0, 0, 1), word(1, 0, 5, 6, 'x', { id: 'a' })]);
    expect(doc.size).toBe(3);
    expect(itemAt(doc, 0)?.word).toBe(0);
    expect(itemAt(doc, 3)).toBeUndefined();
    expect(indexOfKey(doc, '0/1/0')).toBe(1);
    expect(indexOfKey(doc, 'a')).toBe(2);
    expect(indexOfKey(doc, '1/0/0')).toBe(-1); // an id takes precedence over the position
    expect(getItem(doc, 'a')?.text).toBe('x');
  });

  it('finds the visible range, widened by the longest item', () => {
    const items = [
      word(0, 0, 0, 30, 'long'),
      ...song(100).map((x) => ({ ...x, line: x.line + 1 })),
    ];
    const doc = createDoc(items);
    expect(indexAtTime(doc, 10)).toBe(21);
    const { from, to } = visibleRange(doc, 20, 21);
    expect(from).toBe(0); // the 30 s item starting at 0 is still sounding at 20 s
    expect(itemAt(doc, to - 1)?.start).toBeLessThanOrEqual(21);
    expect(itemAt(doc, to)?.start).toBeGreaterThan(21);
  });

  it('shares untouched chunks after a one-word change', () => {
    const doc = createDoc(song(10 * CHUNK_SIZE));
    const target = itemAt(doc, 5 * CHUNK_SIZE + 3)!;
    const next = applyChange(doc, {
      removed: [target],
      added: [{ ...target, text: 'changed' }],
      estimatedOff: [],
      estimatedOn: [],
    });
    const shared = next.chunks.filter((c, i) => c === doc.chunks[i]).length;
    expect(shared).toBe(doc.chunks.length - 1);
    expect(getItem(next, keyOf(target))?.text).toBe('changed');
    expect(getItem(doc, keyOf(target))?.text).toBe(target.text);
  });

  it('keeps order when an item moves across chunks, and inverts exactly', () => {
    const doc = createDoc(song(3 * CHUNK_SIZE));
    const target = itemAt(doc, 10)!;
    const moved = { ...target, start: 1000, end: 1000.4 };
    const change = { removed: [target], added: [moved], estimatedOff: [], estimatedOn: [] };
    const next = applyChange(doc, change);
    const arr = toArray(next);
    expect(arr.every((x, i) => i === 0 || arr[i - 1]!.start <= x.start)).toBe(true);
    expect(indexOfKey(next, keyOf(target))).toBe(next.size - 1);
    expect(toArray(applyChange(next, invertChange(change)))).toEqual(toArray(doc));
  });

  it('matches a sorted copy after any batch of replacements (in place, across chunks, ties)', () => {
    // Uneven spacing (bursts and long gaps) and equal starts defeat a position guessed from time.
    const starts = fc.array(
      fc.oneof(
        fc.constant(0),
        fc.double({ min: 0, max: 0.02, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
      ),
      { minLength: 1, maxLength: 3 * CHUNK_SIZE, size: 'max' },
    );
    const edits = fc.array(fc.tuple(fc.nat(), fc.double({ min: -40, max: 40, noNaN: true })), {
      maxLength: 200,
    });
    fc.assert(
      fc.property(starts, edits, (gaps, moves) => {
        let t = 0;
        const items = gaps.map((gap, i) => word(Math.floor(i / 8), i % 8, (t += gap), t + 0.3));
        let doc = createDoc(items);
        const removed = [...new Set(moves.map(([at]) => itemAt(doc, at % doc.size)!))];
        const added = removed.map((item, i) => {
          const start = Math.max(0, item.start + moves[i]![1] * (i % 3 === 0 ? 0.001 : 1));
          return { ...item, start, end: start + 0.3 };
        });
        const expected = [...toArray(doc).filter((x) => !removed.includes(x)), ...added].sort(
          compareItems,
        );
        const before = doc;
        doc = applyChange(doc, { removed, added, estimatedOff: [], estimatedOn: [] });
        expect(toArray(doc)).toEqual(expected);
        for (const item of added) expect(getItem(doc, keyOf(item))).toBe(item);
        const back = applyChange(doc, {
          removed: added,
          added: removed,
          estimatedOff: [],
          estimatedOn: [],
        });
        expect(toArray(back)).toEqual(toArray(before));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the dragged version findable through any number of transient previews', () => {
    const doc = createDoc(song(3 * CHUNK_SIZE));
    const target = itemAt(doc, 2 * CHUNK_SIZE + 50)!;
    const key = keyOf(target);
    const moved = { ...target, start: target.start + 0.01, end: target.end + 0.01 };
    const d1 = applyChange(doc, {
      removed: [target],
      added: [moved],
      estimatedOff: [],
      estimatedOn: [],
    });
    for (let frame = 1; frame <= 5; frame++) {
      const preview = { ...moved, start: moved.start + frame * 0.001 };
      const shown = applyChange(
        d1,
        { removed: [moved], added: [preview], estimatedOff: [], estimatedOn: [] },
        { transient: true },
      );
      expect(getItem(shown, key)).toBe(preview);
    }
    // The durable item is still one of the key's two cells: no full-map fallback for d1.
    const cell = indexed(d1.byKey).cells.get(key)!;
    expect(cell.before).toBe(moved);
    expect(getItem(d1, key)).toBe(moved);
    expect(getItem(doc, key)).toBe(target); // older than both: the fallback still finds it
  });

  it('throws when asked to remove an item it does not hold', () => {
    const doc = createDoc(song(3));
    const stray = word(9, 9, 1, 2);
    expect(() =>
      applyChange(doc, { removed: [stray], added: [], estimatedOff: [], estimatedOn: [] }),
    ).toThrow(/not in the document/);
  });

  it('composes changes into their net effect', () => {
    const doc = createDoc(song(4));
    const a = itemAt(doc, 1)!;
    const a1 = { ...a, start: 0.55 };
    const a2 = { ...a1, start: 0.6 };
    const c = composeChanges(
      { removed: [a], added: [a1], estimatedOff: [], estimatedOn: ['x'] },
      { removed: [a1], added: [a2], estimatedOff: ['x'], estimatedOn: [] },
    );
    expect(c.removed).toEqual([a]);
    expect(c.added).toEqual([a2]);
    expect(c.estimatedOn).toEqual([]);
    expect(c.estimatedOff).toEqual([]);
  });

  it('diffs two versions by what changed', () => {
    const doc = createDoc(song(2000));
    const a = itemAt(doc, 700)!;
    const b = itemAt(doc, 1500)!;
    const next = applyChange(doc, {
      removed: [a, b],
      added: [{ ...a, text: 'A' }],
      estimatedOff: [],
      estimatedOn: [keyOf(a)],
    });
    const diff = diffDocs(doc, next);
    expect(diff.removed).toEqual([a, b]);
    expect(diff.added.map((x) => x.text)).toEqual(['A']);
    expect(diff.estimatedOn).toEqual([keyOf(a)]);
    expect(toArray(applyChange(doc, diff))).toEqual(toArray(next));
  });
});

describe('withoutUnchanged', () => {
  const a = word(0, 0, 0, 1, 'a');
  const b = word(0, 1, 1, 2, 'b');
  it('drops a word replaced by an equal one and keeps the rest (and the flags)', () => {
    const moved = word(0, 1, 1.5, 2, 'b');
    const change = { ...EMPTY_CHANGE, removed: [a, b], added: [{ ...a }, moved] };
    expect(withoutUnchanged(change)).toEqual({ ...EMPTY_CHANGE, removed: [b], added: [moved] });
    const confirmed = { removed: [a], added: [{ ...a }], estimatedOff: ['0/0/0'], estimatedOn: [] };
    expect(withoutUnchanged(confirmed)).toEqual({ ...confirmed, removed: [], added: [] });
  });
  it('returns the same change when every word changed or the sides differ in length', () => {
    const change = { ...EMPTY_CHANGE, removed: [b], added: [word(0, 1, 1.5, 2, 'b')] };
    expect(withoutUnchanged(change)).toBe(change);
    const inserted = { ...EMPTY_CHANGE, added: [a] };
    expect(withoutUnchanged(inserted)).toBe(inserted);
  });
});

describe('the key lookup of a whole new document (an import)', () => {
  it("finds every version's own words, indexed all at once or a slice at a time", () => {
    for (const slices of [false, true]) {
      const items = song(6000);
      const first = createDoc(items);
      const key = keyOf(items[4321]!);
      expect(getItem(first, key)).toBe(items[4321]);
      const moved = items.map((x) => withTimes(x, x.start + 0.5, x.end + 0.5));
      const change: Change = { removed: items, added: moved, estimatedOff: [], estimatedOn: [] };
      const second = applyChange(first, change);
      if (slices) while (!indexSomeKeys(second, 1000));
      expect(getItem(second, key)).toBe(moved[4321]);
      expect(getItem(first, key)).toBe(items[4321]);
      expect(indexSomeKeys(second, 1)).toBe(true);
    }
  });
});

describe('findItems', () => {
  it('finds the same items before and after the key lookup is built, without building it', () => {
    const items = song(3000, true);
    const doc = createDoc(items);
    const keys = ['i7', 'i2999', 'nope', 'i1500'];
    const before = findItems(doc, keys);
    expect(doc.byKey.pending.length).toBe(1); // one pass, the lookup still unbuilt
    expect([...before.keys()].sort()).toEqual(['i1500', 'i2999', 'i7']);
    indexed(doc.byKey);
    const after = findItems(doc, keys);
    expect([...after]).toEqual([...after.keys()].map((k) => [k, before.get(k)]));
    expect(after.get('i7')).toBe(getItem(doc, 'i7'));
    expect(findItems(doc, []).size).toBe(0);
  });
});
