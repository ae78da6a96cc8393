import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { keyOf, type EditorStore } from '../store';
import { keysBetween, lineRowItems, rowItem, type RowIndex } from './row-index';

/**
 * Click and Enter on rows: a word row selects its word, a line header its line's words; shift
 * extends from the last clicked row, ctrl/cmd toggles (adds, for a line).
 */
export function useRowSelection(store: EditorStore, index: RowIndex, markOwn: () => void) {
  const anchor = useRef<number | null>(null);

  const keysOfRow = (row: number): string[] => {
    const item = rowItem(index, row);
    return item ? [keyOf(item)] : lineRowItems(index, row).map(keyOf);
  };

  const select = (keys: readonly string[], mode: 'replace' | 'add' | 'toggle') => {
    store.getState().actions.select(keys, mode);
    markOwn();
  };

  const onRowClick = (row: number, event: MouseEvent | KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Clicks inside fields and buttons are theirs; the field's focus selects the word.
    if (target.closest('input, button, select, textarea')) return;
    if (event.shiftKey && anchor.current !== null) {
      select(keysBetween(index, anchor.current, row), 'replace');
      return;
    }
    anchor.current = row;
    const keys = keysOfRow(row);
    if (event.ctrlKey || event.metaKey) select(keys, rowItem(index, row) ? 'toggle' : 'add');
    else select(keys, 'replace');
  };

  /** A field got focus: its word becomes the selection unless it is already part of it. */
  const onFieldFocus = (key: string | null) => {
    if (key === null || store.getState().selection.has(key)) return;
    select([key], 'replace');
  };

  return { onRowClick, onFieldFocus, anchor };
}
