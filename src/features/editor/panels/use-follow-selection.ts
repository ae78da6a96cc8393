import { useEffect, useRef, useState } from 'react';
import type { EditorStore } from '../store';
import { firstSelectedRow, type RowIndex } from './row-index';

/**
 * When the selection changes from elsewhere (timeline, keyboard, tap-sync), scroll the first
 * selected word into view. Selections the list made itself are remembered and skipped. The scroll
 * happens after React rendered the new row index, since a doc change and a selection change often
 * arrive together.
 */
export function useFollowSelection(
  store: EditorStore,
  index: RowIndex,
  scrollToRow: (row: number) => void,
) {
  const own = useRef<ReadonlySet<string> | null>(null);
  const pending = useRef<ReadonlySet<string> | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.selection === prev.selection || s.selection.size === 0) return;
        if (s.selection === own.current) return;
        pending.current = s.selection;
        setTick((n) => n + 1);
      }),
    [store],
  );

  useEffect(() => {
    const selection = pending.current;
    if (!selection) return;
    pending.current = null;
    const row = firstSelectedRow(index, selection);
    if (row >= 0) scrollToRow(row);
    // scrollToRow comes from the virtualizer and is stable enough; the tick drives this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, index]);

  /** Call after the list changed the selection itself. */
  return () => {
    own.current = store.getState().selection;
  };
}
