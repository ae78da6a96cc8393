import { describe, expect, it } from 'vitest';
import type { SyncReview } from '../../../contract';
import { createDoc, indexOfKey, keyOf } from '../../../timing';
import { helloGoodNight } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import { createReviewMarks, findUncertain } from './review-marks';

// "Next uncertain word" over a store: the marks come from a sync's review, clear when a word is
// retimed, and the navigation steps word by word (sub-words are one stop), wrapping.
const items = helloGoodNight();
const review: SyncReview = {
  alignmentId: 'aln',
  confidence: { a: 0.3, b: 0.3, c: 0.9, d: 0.35, e: 0.9, f: 0.2 },
  synced: Object.fromEntries(items.map((x) => [x.id!, [x.start, x.end]])),
};

function setup() {
  const store = createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration: 10,
  });
  const marks = createReviewMarks(review);
  /** Selects like the page: the found word's uncertain sub-words. */
  const go = (direction: 1 | -1, time = 0) => {
    const { doc, selection, actions } = store.getState();
    let index = -1;
    for (const key of selection) {
      const i = indexOfKey(doc, key);
      if (i >= 0 && (index < 0 || (direction > 0 ? i > index : i < index))) index = i;
    }
    const found = findUncertain(doc, marks.uncertainOf(doc), { index, time }, direction);
    if (found) actions.select([keyOf(found)], 'replace');
    return found?.text;
  };
  return { store, marks, go };
}

describe('review marks and next uncertain word', () => {
  it('marks the low-confidence items, once per document', () => {
    const { store, marks } = setup();
    const doc = store.getState().doc;
    expect([...marks.uncertainOf(doc)].sort()).toEqual(['a', 'b', 'd', 'f']);
    expect(marks.uncertainOf(doc)).toBe(marks.uncertainOf(doc));
    expect(marks.confidenceOf('d')).toBe(0.35);
    expect(createReviewMarks(null).uncertainOf(doc).size).toBe(0);
  });

  it('a retimed word is no longer uncertain; undo brings the mark back', () => {
    const { store, marks } = setup();
    store.getState().actions.select(['d'], 'replace');
    store.getState().actions.nudge(1, 'normal');
    expect(marks.uncertainOf(store.getState().doc).has('d')).toBe(false);
    store.getState().actions.undo();
    expect(marks.uncertainOf(store.getState().doc).has('d')).toBe(true);
  });

  it('steps forward word by word from the playhead, then from the selection, wrapping', () => {
    const { go } = setup();
    expect(go(1, 2.5)).toBe('good'); // the first after the playhead
    expect(go(1)).toBe('moon');
    expect(go(1)).toBe('hel'); // wraps to the first; "lo" is the same word
    expect(go(1)).toBe('good');
  });

  it('steps backwards to the first sub-word of the previous uncertain word', () => {
    const { go } = setup();
    expect(go(-1, 2.5)).toBe('hel');
    expect(go(-1)).toBe('moon'); // wraps to the last
    expect(go(-1)).toBe('good');
    expect(go(-1)).toBe('hel');
  });

  it('skips fixed words and finds nothing when all are fixed', () => {
    const { store, marks, go } = setup();
    store.getState().actions.select(['f'], 'replace');
    store.getState().actions.nudge(-1, 'normal');
    store.getState().actions.clearSelection();
    expect(go(1, 2.5)).toBe('good');
    expect(go(1)).toBe('hel');
    for (const key of ['a', 'b', 'd']) {
      store.getState().actions.select([key], 'replace');
      store.getState().actions.nudge(1, 'fine');
    }
    const doc = store.getState().doc;
    expect(marks.uncertainOf(doc).size).toBe(0);
    expect(findUncertain(doc, marks.uncertainOf(doc), { index: -1, time: 0 }, 1)).toBeUndefined();
  });

  it('with one uncertain word, going on stays on it', () => {
    const marks = createReviewMarks({ ...review, confidence: { c: 0.1 } });
    const doc = createDoc(items);
    const at = indexOfKey(doc, 'c');
    expect(findUncertain(doc, marks.uncertainOf(doc), { index: at, time: 0 }, 1)?.id).toBe('c');
  });
});
