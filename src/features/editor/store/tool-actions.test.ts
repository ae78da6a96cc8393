import { describe, expect, it } from 'vitest';
import { toArray } from '../../../timing';
import { word } from '../../../timing/test-items';
import { testStore } from './test-store';

const make = () =>
  testStore(
    [word(0, 0, 0, 1, 'ab'), word(0, 1, 1, 2, 'cd'), word(0, 2, 3, 4, 'e'), word(1, 0, 5, 6, 'f')],
    { settings: { overlapPolicy: 'stop' } },
  );
type Store = ReturnType<typeof make>;
const words = (store: Store) =>
  toArray(store.getState().doc).map(
    (x) =>
      `${x.line}.${x.word}.${x.subword}:${x.text}@${x.start}-${x.end}${x.singer === undefined ? '' : `#${x.singer}`}`,
  );

/** Runs a tool, checks it is one undo step and that undo restores the words exactly. */
function oneStep(store: Store, run: () => string | null): string[] {
  const before = words(store);
  const steps = store.getState().history.undoSteps;
  expect(run()).toBeNull();
  const after = words(store);
  expect(store.getState().history.undoSteps).toBe(steps + 1);
  store.getState().actions.undo();
  expect(words(store)).toEqual(before);
  store.getState().actions.redo();
  return after;
}

describe('editing tools in the store', () => {
  it('split word into words at a time, then merge with next gives it back', () => {
    const store = make();
    const { actions } = store.getState();
    expect(oneStep(store, () => actions.splitWordInto('0/1/0', 1, 'words', 1.25))).toContain(
      '0.2.0:d@1.25-2',
    );
    actions.select(['0/1/0']);
    expect(oneStep(store, () => actions.mergeWithNext())).toContain('0.1.0:cd@1-2');
  });

  it('refuses with a sentence when there is nothing to act on', () => {
    const store = make();
    const { actions } = store.getState();
    expect(actions.mergeWithNext()).toBe('Select a word first.');
    actions.select(['0/2/0']);
    expect(actions.mergeWithNext()).toMatch(/last word of its line/);
    expect(actions.splitWordInto('0/2/0', 1, 'words')).toMatch(/between the letters/);
    expect(store.getState().history.undoSteps).toBe(0);
  });

  it('assigns a singer to the selected words or their whole lines', () => {
    const store = make();
    const { actions } = store.getState();
    actions.select(['0/1/0']);
    expect(oneStep(store, () => actions.setSingerOf('words', 2))).toEqual([
      '0.0.0:ab@0-1',
      '0.1.0:cd@1-2#2',
      '0.2.0:e@3-4',
      '1.0.0:f@5-6',
    ]);
    expect(
      oneStep(store, () => actions.setSingerOf('lines', 1)).filter((w) => w.endsWith('#1')),
    ).toHaveLength(3);
  });

  it('shifts exactly by the typed offset whatever the overlap policy, and stretches', () => {
    const store = make();
    const { actions } = store.getState();
    actions.select(['0/0/0']);
    // Under 'stop' a drag would stop at "cd"; a typed shift does not.
    expect(oneStep(store, () => actions.shiftSelection(0.5, 'words'))[0]).toBe('0.0.0:ab@0.5-1.5');
    actions.select(['1/0/0']);
    expect(oneStep(store, () => actions.shiftSelection(-0.5, 'lines'))).toContain(
      '1.0.0:f@4.5-5.5',
    );
    actions.select(['0/1/0', '0/2/0']);
    expect(oneStep(store, () => actions.stretchSelectionTo(1, 7, 'words'))).toEqual([
      '0.0.0:ab@0.5-1.5',
      '0.1.0:cd@1-3',
      '1.0.0:f@4.5-5.5',
      '0.2.0:e@5-7',
    ]);
  });

  it('takes words from a comparison by lyric position, one step, and says what is missing', () => {
    const store = make();
    const { actions } = store.getState();
    const theirs = [word(0, 1, 1.2, 1.5, 'c'), word(0, 1, 1.5, 2.5, 'd', { subword: 1 })];
    actions.select(['0/1/0']);
    expect(oneStep(store, () => actions.takeFrom(theirs, 'words'))).toEqual([
      '0.0.0:ab@0-1',
      '0.1.0:c@1.2-1.5',
      '0.1.1:d@1.5-2.5',
      '0.2.0:e@3-4',
      '1.0.0:f@5-6',
    ]);
    expect([...store.getState().selection].sort()).toEqual(['0/1/0', '0/1/1']);
    actions.select(['1/0/0']);
    expect(actions.takeFrom(theirs, 'lines')).toBe(
      'The comparison has nothing at line 2: nothing was taken.',
    );
  });
});
