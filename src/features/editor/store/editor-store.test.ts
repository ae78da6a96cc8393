import { describe, expect, it } from 'vitest';
import { getItem, isEstimated, toArray } from '../../../timing';
import { song, word } from '../../../timing/test-items';
import { createEditorStore } from './editor-store';
import { createDriver } from './test-driver';
import { spanOf, testStore } from './test-store';

const items = () => [
  word(0, 0, 0, 1, 'a'),
  word(0, 1, 1, 2, 'b'),
  word(0, 2, 3, 4, 'c'),
  word(1, 0, 5, 6, 'd'),
];
const make = () => testStore(items());
const span = spanOf;

describe('editor store', () => {
  it('drags with a preview, commits one undo step, and undoes it', () => {
    const store = make();
    const driver = createDriver(store, { pxPerSecond: 100 });
    driver.pointerDown(3.5, '0/2/0');
    driver.pointerMove(3.7);
    expect(span(store, '0/2/0')).toEqual([3, 4]); // committed doc untouched while dragging
    const preview = store.getState().preview;
    expect(preview && getItem(preview, '0/2/0')?.start).toBeCloseTo(3.2);
    expect(store.getState().history.canUndo).toBe(false);
    driver.pointerMove(4.1);
    driver.pointerUp();
    expect(store.getState().preview).toBeNull();
    expect(span(store, '0/2/0')?.[0]).toBeCloseTo(3.6);
    expect(store.getState().history.undoSteps).toBe(1);
    expect(store.getState().dirty).toBe(true);
    driver.key('z', { ctrl: true });
    expect(span(store, '0/2/0')).toEqual([3, 4]);
    expect(store.getState().dirty).toBe(false);
    driver.key('z', { ctrl: true, shift: true });
    expect(span(store, '0/2/0')?.[0]).toBeCloseTo(3.6);
  });

  it('snaps within the pixel threshold at the current zoom', () => {
    const store = make();
    // 100 px/s, 12 px = 0.12 s: dropping c's start at 2.05 snaps to b's end at 2.
    createDriver(store, { pxPerSecond: 100 }).drag('0/2/0', 3.5, 2.55);
    expect(span(store, '0/2/0')).toEqual([2, 3]);
    // 1000 px/s: 12 px = 0.012 s, so nothing is near enough.
    const far = make();
    createDriver(far, { pxPerSecond: 1000 }).drag('0/2/0', 3.5, 3.05);
    expect(span(far, '0/2/0')?.[0]).toBeCloseTo(2.55);
  });

  it('cancels a drag with Escape', () => {
    const store = make();
    const driver = createDriver(store);
    driver.pointerDown(3.5, '0/2/0');
    driver.pointerMove(5);
    driver.key('Escape');
    driver.pointerUp();
    expect(span(store, '0/2/0')).toEqual([3, 4]);
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('resizes and rolls by drag, honouring the overlap policy', () => {
    const store = make();
    store.getState().actions.setSettings({ overlapPolicy: 'stop', snapping: false });
    const driver = createDriver(store);
    driver.drag('0/1/0', 2, 3.5, 'end');
    expect(span(store, '0/1/0')).toEqual([1, 3]);
    driver.drag('0/0/0', 1, 0.5, 'roll');
    expect(span(store, '0/0/0')).toEqual([0, 0.5]);
    expect(span(store, '0/1/0')).toEqual([0.5, 3]);
  });

  it('moves the selection with nudges and keys', () => {
    const store = make();
    const { actions } = store.getState();
    actions.select(['0/0/0', '0/1/0']);
    const driver = createDriver(store, { playhead: 0.2 });
    driver.key('ArrowRight');
    expect(span(store, '0/0/0')).toEqual([0.05, 1.05]);
    driver.key('ArrowLeft', { shift: true });
    expect(span(store, '0/0/0')).toEqual([0, 1]); // clamped at 0
    driver.key(']');
    expect(span(store, '0/0/0')).toEqual([0, 0.2]);
    actions.selectTimeRange(2.5, 5.5);
    expect([...store.getState().selection].sort()).toEqual(['0/2/0', '1/0/0']);
  });

  it('tap-syncs a run as one undo step, holds set the end', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setSettings({ tapLatency: 0.1 });
    actions.startTapSync('0/0/0');
    const driver = createDriver(store);
    driver.tapDown(0.6);
    driver.tapUp(0.65); // a tap
    driver.tapDown(1.6);
    driver.tapUp(2.1); // a hold: sets b's end
    driver.tapDown(2.6);
    driver.tapUp(2.7);
    actions.stopTapSync();
    expect(span(store, '0/0/0')).toEqual([0.5, 1.5]);
    expect(span(store, '0/1/0')).toEqual([1.5, 2]);
    expect(span(store, '0/2/0')?.[0]).toBeCloseTo(2.5);
    expect(store.getState().history.undoSteps).toBe(1);
    actions.undo();
    expect(toArray(store.getState().doc)).toEqual(items());
  });

  it('edits line text keeping timing, with estimated words', () => {
    const store = make();
    store.getState().actions.setLineText(0, 'a b new c');
    const doc = store.getState().doc;
    expect(getItem(doc, '0/2/0')).toMatchObject({ text: 'new', start: 2, end: 3 });
    expect(isEstimated(doc, '0/2/0')).toBe(true);
    expect(getItem(doc, '0/3/0')).toMatchObject({ text: 'c', start: 3, end: 4 });
  });

  it('validates a small commit at once; a big one in the background, or now on demand', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setEnd('0/0/0', 1.5);
    expect(store.getState().validation?.issues.map((i) => i.code)).toEqual(['overlap']);
    actions.undo();
    expect(store.getState().validation?.issues).toEqual([]);

    const big = createEditorStore({
      items: song(600),
      revision: 'r',
      selectionRevision: 's',
      validationDelayMs: 0,
    });
    big.getState().actions.selectAll();
    big.getState().actions.moveSelection(0.01); // 600 removed + 600 added
    expect(big.getState().validation).toBeNull();
    const result = big.getState().actions.validateNow();
    expect(result.issues).toEqual([]);
    expect(big.getState().validation).toBe(result);
  });

  it('after a save the base becomes the saved alignment and editing goes on', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setText('0/0/0', 'A');
    const sent = actions.getSaveItems();
    actions.setText('0/1/0', 'B'); // typed while the save was in flight
    actions.markSaved({ items: sent, revision: 'r2', selectionRevision: 's1' });
    let s = store.getState();
    expect(s.base.revision).toBe('r2');
    expect(s.dirty).toBe(true);
    actions.undo();
    s = store.getState();
    expect(s.dirty).toBe(false); // back to what was saved
    expect(getItem(s.doc, '0/0/0')?.text).toBe('A');
    actions.undo(); // past the save: still possible
    expect(getItem(store.getState().doc, '0/0/0')?.text).toBe('a');
  });

  it('an edit that leaves every word as it was is no edit: not dirty, no undo step', () => {
    const store = make();
    const { actions } = store.getState();
    const before = store.getState().doc;
    actions.setStart('0/1/0', 1); // typed as it was (b already starts where a ends)
    actions.setEnd('0/2/0', 4);
    actions.setText('0/0/0', 'a');
    let s = store.getState();
    expect(s.doc).toBe(before);
    expect(s.dirty).toBe(false);
    expect(s.history.canUndo).toBe(false);
    // A real edit still counts, and setting it back to the base value is an undoable step.
    actions.setStart('0/1/0', 1.5);
    actions.setStart('0/1/0', 1);
    s = store.getState();
    expect(s.history.undoSteps).toBe(2);
  });

  it('rebases onto a newer server alignment without conflicts', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setStart('0/2/0', 2.5);
    const theirs = items().map((x) => (x.text === 'd' ? { ...x, text: 'D' } : x));
    expect(actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' })).toEqual([]);
    const s = store.getState();
    expect(s.base.revision).toBe('r2');
    expect(getItem(s.doc, '1/0/0')?.text).toBe('D');
    expect(span(store, '0/2/0')).toEqual([2.5, 4]);
    expect(s.dirty).toBe(true);
  });

  it('shows the merged state while conflicts wait: clean changes applied, conflicts as mine', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setStart('0/2/0', 2.5); // mine
    actions.setText('1/0/0', 'dee'); // mine, no conflict
    const theirs = items().map((x) =>
      x.text === 'c'
        ? { ...x, start: 2.8, end: 4.5 } // start collides, end does not
        : x.text === 'a'
          ? { ...x, text: 'A' } // theirs only
          : x,
    );
    const conflicts = actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' });
    expect(conflicts.map((c) => [c.key, c.fields])).toEqual([['0/2/0', ['start']]]);
    let s = store.getState();
    expect(getItem(s.doc, '0/0/0')?.text).toBe('A');
    expect(getItem(s.doc, '1/0/0')?.text).toBe('dee');
    expect(span(store, '0/2/0')).toEqual([2.5, 4.5]); // mine's start, their end
    expect(s.base.revision).toBe('r1'); // still waiting for the choice
    // The conflicted word edited meanwhile (after Show): 'mine' keeps that edit.
    actions.setText('0/2/0', 'see');
    actions.resolveConflicts('mine');
    s = store.getState();
    expect(getItem(s.doc, '0/2/0')).toMatchObject({ text: 'see', start: 2.5, end: 4.5 });
    expect(s.base.revision).toBe('r2');
    expect(s.dirty).toBe(true);
  });

  it('asks about conflicts, then resolves them', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setStart('0/2/0', 2.5);
    const theirs = items().map((x) => (x.text === 'c' ? { ...x, start: 2.8 } : x));
    const conflicts = actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' });
    expect(conflicts.map((c) => [c.key, c.fields])).toEqual([['0/2/0', ['start']]]);
    expect(store.getState().pendingMerge?.conflicts).toBe(conflicts);
    expect(store.getState().base.revision).toBe('r1');
    actions.resolveConflicts({ '0/2/0': 'theirs' });
    expect(span(store, '0/2/0')).toEqual([2.8, 4]);
    expect(store.getState().base.revision).toBe('r2');
    expect(store.getState().pendingMerge).toBeNull();
  });

  it('restores a draft as one undoable step', () => {
    const store = make();
    store.getState().actions.restoreDraft({
      removedKeys: ['0/1/0'],
      added: [word(0, 1, 1.2, 2, 'b')],
      estimated: ['0/1/0'],
    });
    expect(span(store, '0/1/0')).toEqual([1.2, 2]);
    expect(isEstimated(store.getState().doc, '0/1/0')).toBe(true);
    expect(store.getState().dirty).toBe(true);
    store.getState().actions.undo();
    expect(toArray(store.getState().doc)).toEqual(items());
  });
});
