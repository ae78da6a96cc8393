/** Rows a Page Up / Page Down moves the focus in the word list. */
export const PAGE_ROWS = 10;

/**
 * The row a navigation key moves the word list's focus to (arrows, Page Up/Down, Home/End; not
 * with Alt, Ctrl or Meta), or undefined for any other key. The caller clamps to the list.
 */
export function navigationTarget(
  event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  row: number,
  count: number,
): number | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const move: Record<string, number> = {
    ArrowDown: row + 1,
    ArrowUp: row - 1,
    PageDown: row + PAGE_ROWS,
    PageUp: row - PAGE_ROWS,
    Home: 0,
    End: count - 1,
  };
  return move[event.key];
}
