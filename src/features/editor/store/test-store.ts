import type { AlignmentItem } from '../../../contract';
import { getItem } from '../../../timing';
import { createEditorStore, type EditorStore } from './editor-store';
import type { EditorInit } from './types';

/** A store over `items` as the tests open one: revision r1, a 10 s song, validation at once. */
export function testStore(
  items: readonly AlignmentItem[],
  init: Partial<Omit<EditorInit, 'items'>> = {},
): EditorStore {
  return createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration: 10,
    validationDelayMs: 0,
    ...init,
  });
}

/** A word's [start, end] in the store's document (undefined: no such word). */
export function spanOf(store: EditorStore, key: string): [number, number] | undefined {
  const x = getItem(store.getState().doc, key);
  return x && [x.start, x.end];
}
