import { describe, expect, it, vi } from 'vitest';
import { isEstimated, keyOf, toArray, validateDoc } from '../../../timing';
import { song, word } from '../../../timing/test-items';
import { createEditorStore } from './editor-store';

const make = (items = song(6, true)) =>
  createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration: 100,
    validationDelayMs: 0,
  });
const texts = (store: ReturnType<typeof make>) =>
  toArray(store.getState().doc).map((x) => `${x.text}@${x.start}`);

const imported = [
  word(0, 0, 1, 1.5, 'Hello'),
  word(0, 1, 1.5, 2, 'world'),
  word(1, 0, 3, 3.4, 'again', { singer: 1 }),
];

describe('replaceAll (an imported file)', () => {
  it('replaces every word as one undo step, then undoes and redoes it', () => {
    const store = make();
    const before = texts(store);
    store.getState().actions.replaceAll(imported);
    expect(texts(store)).toEqual(['Hello@1', 'world@1.5', 'again@3']);
    expect(store.getState().history.undoSteps).toBe(1);
    expect(store.getState().dirty).toBe(true);
    store.getState().actions.undo();
    expect(texts(store)).toEqual(before);
    expect(store.getState().dirty).toBe(false);
    store.getState().actions.redo();
    expect(texts(store)).toEqual(['Hello@1', 'world@1.5', 'again@3']);
    expect(store.getState().actions.getSaveItems()).toHaveLength(3);
  });

  it('flags the estimated keys, and undo restores the flags the draft had', () => {
    const store = make(song(4));
    store.getState().actions.splitWord('0/1/0', 1); // a split without a time is estimated
    const guessed = [...store.getState().doc.estimated];
    expect(guessed.length).toBeGreaterThan(0);
    store.getState().actions.replaceAll(imported, [keyOf(imported[1]!)]);
    const doc = store.getState().doc;
    expect([...doc.estimated]).toEqual(['0/1/0']);
    expect(isEstimated(doc, '0/0/0')).toBe(false);
    store.getState().actions.undo();
    expect([...store.getState().doc.estimated].sort()).toEqual(guessed.sort());
  });

  it('keeps the contract shape: fields it does not know are dropped', () => {
    const store = make();
    const odd = { ...word(0, 0, 1, 2, 'x'), estimated: true } as unknown as (typeof imported)[0];
    store.getState().actions.replaceAll([odd]);
    expect(Object.keys(toArray(store.getState().doc)[0]!)).not.toContain('estimated');
  });

  it('importing the same words again is no step; the selection is cleared', () => {
    const store = make(imported.map((x) => ({ ...x })));
    store.getState().actions.selectAll();
    store.getState().actions.replaceAll(imported);
    expect(store.getState().history.undoSteps).toBe(0);
    expect(store.getState().selection.size).toBe(0);
  });

  it('cancels a drag in progress and ends a tap run', () => {
    const store = make();
    const { actions } = store.getState();
    actions.beginDrag({ mode: 'move', key: 'i2', time: 1.1, pxPerSecond: 100 });
    actions.updateDrag(1.5);
    actions.replaceAll(imported);
    expect(store.getState().drag).toBeNull();
    expect(store.getState().preview).toBeNull();
    const tapped = make();
    tapped.getState().actions.startTapSync();
    tapped.getState().actions.tapDown(0.2);
    tapped.getState().actions.replaceAll(imported);
    expect(tapped.getState().tap).toBeNull();
    expect(tapped.getState().history.undoSteps).toBe(2); // the tap run and the import
    tapped.getState().actions.undo();
    expect(tapped.getState().doc.size).toBe(6);
  });

  it('replaces 100,000 words and undoes them', () => {
    const store = make(song(100_000, true));
    const next = song(100_000).map((x) => ({ ...x, start: x.start + 0.01, end: x.end + 0.01 }));
    store.getState().actions.replaceAll(next);
    expect(store.getState().doc.size).toBe(100_000);
    expect(toArray(store.getState().doc)[5]?.start).toBeCloseTo(2.51);
    store.getState().actions.undo();
    expect(toArray(store.getState().doc)[5]?.id).toBe('i5');
  });

  it('validates a whole new document after the pause in slices, dropping a run a later edit outdates', async () => {
    const store = createEditorStore({
      items: song(3000),
      revision: 'r1',
      selectionRevision: 's1',
      duration: 10_000,
      validationDelayMs: 1,
    });
    const { actions } = store.getState();
    actions.replaceAll(song(3000).map((x) => ({ ...x, start: x.start + 0.25, end: x.end + 0.25 })));
    expect(store.getState().validation).toBeNull();
    actions.replaceAll(song(3000).map((x) => ({ ...x, start: x.start + 0.5, end: x.end + 0.5 })));
    for (let i = 0; i < 200 && store.getState().validation === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const { validation, doc } = store.getState();
    expect(validation).toEqual(validateDoc(doc, { fresh: true }));
    actions.destroy();
  });

  it('replaceAllInSlices: the same step as replaceAll, built over several tasks', async () => {
    const next = song(5000).map((x) => ({ ...x, start: x.start + 0.5, end: x.end + 0.5 }));
    const sync = make(song(5000));
    sync.getState().actions.replaceAll(next, [keyOf(next[3]!)]);
    const sliced = make(song(5000));
    await sliced.getState().actions.replaceAllInSlices(next, [keyOf(next[3]!)]);
    expect(texts(sliced)).toEqual(texts(sync));
    expect([...sliced.getState().doc.estimated]).toEqual([...sync.getState().doc.estimated]);
    expect(sliced.getState().history.undoSteps).toBe(1);
    sliced.getState().actions.undo();
    expect(texts(sliced)).toEqual(texts(make(song(5000))));
  });

  it('replaceAllInSlices keeps an edit made while it runs: it diffs again against it', async () => {
    // A slow machine: every clock read is 10 ms later, so each task does one step of the work.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    const store = make(song(6000));
    const done = store.getState().actions.replaceAllInSlices(imported);
    expect(store.getState().history.undoSteps).toBe(0);
    store.getState().actions.setText('0/0/0', 'edited');
    await done;
    now.mockRestore();
    expect(texts(store)).toEqual(['Hello@1', 'world@1.5', 'again@3']);
    expect(store.getState().history.undoSteps).toBe(2);
    store.getState().actions.undo();
    expect(toArray(store.getState().doc)[0]!.text).toBe('edited');
  });
});
