import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Roving focus over virtual rows: one row is tabbable; arrow keys move focus. The target row may
 * not be rendered yet, so the focus request waits until a render puts it in the DOM.
 */
export function useRowFocus(
  count: number,
  container: RefObject<HTMLElement | null>,
  scrollToRow: (row: number) => void,
) {
  const [active, setActive] = useState(0);
  /** The row to focus once rendered, and what had focus when it was asked for. */
  const pending = useRef<{ row: number; from: Element | null } | null>(null);

  useEffect(() => {
    if (pending.current === null) return;
    const { row, from } = pending.current;
    // Focus went elsewhere meanwhile (a shortcut, a click): the late row must not take it back.
    const current = document.activeElement;
    const moved =
      current !== from && current !== document.body && !container.current?.contains(current);
    if (moved) {
      pending.current = null;
      return;
    }
    const el = container.current?.querySelector<HTMLElement>(`[data-row="${row}"]`);
    if (el) {
      pending.current = null;
      el.focus({ preventScroll: true });
    }
  });

  const focusRow = (row: number) => {
    if (count === 0) return;
    const target = Math.max(0, Math.min(count - 1, row));
    // A row already rendered takes focus now: a request left pending (the row was active
    // already, so nothing renders) would later pull focus back out of the row's field.
    const el = container.current?.querySelector<HTMLElement>(`[data-row="${target}"]`);
    pending.current = el ? null : { row: target, from: document.activeElement };
    el?.focus({ preventScroll: true });
    setActive(target);
    scrollToRow(target);
  };

  return { active: Math.min(active, Math.max(0, count - 1)), setActive, focusRow };
}
