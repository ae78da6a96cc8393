/**
 * Focus inside one word-list row. The list is one tab stop (roving tabindex over rows), so the
 * fields and buttons of a row are out of the tab order (tabindex -1): Enter goes into a row, Tab
 * and Shift+Tab move between its fields and, past the last, on out of the list; Escape in a field
 * goes back to its row.
 */
const FIELDS = 'input, button, select, textarea';

export function rowFields(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FIELDS)].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  );
}

/** Focuses the row's first field; false when it has none. */
export function enterRow(row: HTMLElement): boolean {
  const first = rowFields(row)[0];
  first?.focus();
  return first !== undefined;
}

/**
 * A key pressed in a field of `row`. Returns true when it moved focus (the caller prevents the
 * default); Tab past the last field is left to the browser, which moves on past the list.
 */
export function fieldKey(
  row: HTMLElement,
  field: HTMLElement,
  event: { key: string; shiftKey: boolean; defaultPrevented: boolean },
): boolean {
  if (event.defaultPrevented) return false;
  if (event.key === 'Escape') {
    row.focus();
    return true;
  }
  if (event.key !== 'Tab') return false;
  const fields = rowFields(row);
  const at = fields.indexOf(field);
  if (event.shiftKey) {
    (fields[at - 1] ?? row).focus();
    return true;
  }
  const next = fields[at + 1];
  next?.focus();
  return next !== undefined;
}

/**
 * A row of the virtual list as a list item: its place among all rows (not only the rendered
 * ones), and in the roving focus (only the active row is a tab stop).
 */
export const listItemProps = (row: number, setSize: number, active: boolean) => ({
  role: 'listitem',
  'aria-posinset': row + 1,
  'aria-setsize': setSize,
  'data-row': row,
  tabIndex: active ? 0 : -1,
});
