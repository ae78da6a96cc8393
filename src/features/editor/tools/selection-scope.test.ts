import { describe, expect, it } from 'vitest';
import { keyOf } from '../../../timing';
import { word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import { firstSelectedItem, scopeInfoOf } from './selection-scope';

const items = [
  word(0, 0, 1, 1.5, 'one'),
  word(0, 1, 1.6, 2, 'two'),
  word(1, 0, 3, 3.4, 'three'),
  word(1, 1, 3.5, 4.2, 'four'),
];

function storeWith(selected: number[]) {
  const store = createEditorStore({ items, revision: 'r1', selectionRevision: 's1', duration: 10 });
  store.setState({ selection: new Set(selected.map((i) => keyOf(items[i]!))) });
  return store;
}

describe('what the tools read from the selection', () => {
  it('finds the selected word first in the document, or none', () => {
    expect(firstSelectedItem(storeWith([3, 1]).getState())?.text).toBe('two');
    expect(firstSelectedItem(storeWith([]).getState())).toBeNull();
  });

  it('counts the words in scope and their span, for the words and for whole lines', () => {
    const info = scopeInfoOf(storeWith([1, 2]).getState());
    expect(info.words).toEqual({ count: 2, start: 1.6, end: 3.4 });
    expect(info.lines).toEqual({ count: 4, start: 1, end: 4.2 });
  });
});
