import { describe, expect, it } from 'vitest';
import { getItem } from '../../../timing';
import { word } from '../../../timing/test-items';
import { spanOf, testStore } from './test-store';

// a 0..1, b 1..2, c 3..4 (gap before and after), d 5..6; song 10 s.
const words = [
  word(0, 0, 0, 1, 'a'),
  word(0, 1, 1, 2, 'b'),
  word(0, 2, 3, 4, 'c'),
  word(1, 0, 5, 6, 'd'),
];
const make = (overlap: 'allow' | 'stop' | 'push' = 'allow') => {
  const store = testStore(words);
  store.getState().actions.setSettings({ overlapPolicy: overlap });
  return store;
};
const span = spanOf;

describe('[ and ] at the playhead', () => {
  it('set the edge inside the word, silently', () => {
    const store = make();
    store.getState().actions.select(['0/2/0']);
    expect(store.getState().actions.setStartAt(3.25)).toBeNull();
    expect(store.getState().actions.setEndAt(3.75)).toBeNull();
    expect(span(store, '0/2/0')).toEqual([3.25, 3.75]);
  });

  it('[ past the end moves the word whole, keeping its length, and says so', () => {
    const store = make();
    store.getState().actions.select(['0/2/0']);
    const said = store.getState().actions.setStartAt(4.5);
    expect(span(store, '0/2/0')).toEqual([4.5, 5.5]);
    expect(said).toMatch(/moved the word whole, keeping its length/);
    expect(store.getState().history.undoSteps).toBe(1);
  });

  it('] before the start moves the word whole so it ends at the playhead', () => {
    const store = make();
    store.getState().actions.select(['0/2/0']);
    store.getState().actions.setEndAt(2.5);
    expect(span(store, '0/2/0')).toEqual([1.5, 2.5]);
  });

  it('] at exactly the start is never a zero-length word', () => {
    const store = make();
    store.getState().actions.select(['0/2/0']);
    store.getState().actions.setEndAt(3);
    const item = getItem(store.getState().doc, '0/2/0');
    expect(item && item.end - item.start).toBe(1);
  });

  it('stops where the overlap policy stops it, and says where the edge landed', () => {
    const store = make('stop');
    store.getState().actions.select(['0/2/0']);
    const said = store.getState().actions.setStartAt(4.5); // d starts at 5: c may go to 4..5
    expect(span(store, '0/2/0')).toEqual([4, 5]);
    expect(said).toMatch(/as far as it could go \(its start is now 4\.000 s\)/);
  });

  it('refuses with a sentence when nothing is selected or nothing can move', () => {
    const store = make('stop');
    expect(store.getState().actions.setStartAt(1)).toMatch(/Select a word first/);
    store.getState().actions.select(['0/0/0']); // a: 0..1, b touches it at 1
    const said = store.getState().actions.setStartAt(1.5);
    expect(span(store, '0/0/0')).toEqual([0, 1]);
    expect(said).toMatch(/was not changed/);
    expect(store.getState().history.canUndo).toBe(false);
  });
});
