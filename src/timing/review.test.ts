import { describe, expect, it } from 'vitest';
import { editedByHand, isAsSynced, keepOutside } from './review';
import { helloGoodNight, word } from './test-items';

// "hel|lo world" / "good night" (ids a to e), each as the sync placed it.
const items = helloGoodNight().slice(0, 5);
const review = {
  synced: Object.fromEntries(items.map((x) => [x.id!, [x.start, x.end] as [number, number]])),
};

describe('sync review', () => {
  it('an item is as synced within a millisecond of its synced times', () => {
    expect(isAsSynced(items[0]!, review)).toBe(true);
    expect(isAsSynced({ ...items[0]!, start: 1.001 }, review)).toBe(true);
    expect(isAsSynced({ ...items[0]!, start: 1.01 }, review)).toBe(false);
    expect(isAsSynced({ ...items[0]!, end: 1.25 }, review)).toBe(false);
    expect(isAsSynced({ ...items[0]!, id: undefined }, review)).toBe(false);
  });

  it('edited by hand: retimed, or not made by the sync; a text fix is not a placement', () => {
    const now = [
      items[0]!,
      { ...items[1]!, text: 'low' },
      { ...items[2]!, start: 1.7 },
      items[3]!,
      { ...items[4]!, id: 'new' },
      word(2, 0, 5, 5.5, 'unsaved'),
    ];
    expect(editedByHand(now, review)).toEqual(['c', 'new']);
  });

  it('keepOutside keeps every word outside the selection and the retimed ones inside, whole', () => {
    // Line 0 selected; "hel" retimed → "hello" kept whole, "world" synced again.
    const now = [{ ...items[0]!, start: 0.9 }, ...items.slice(1)];
    expect(keepOutside(now, new Set(['0/0', '0/1']), review)).toEqual(['a', 'b', 'd', 'e']);
    // No review (a hand-made alignment): only the selection is synced again.
    expect(keepOutside(now, new Set(['0/0', '0/1']), null)).toEqual(['d', 'e']);
    expect(keepOutside(now, new Set(), review)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
