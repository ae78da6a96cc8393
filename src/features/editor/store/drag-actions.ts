import { applyChange, indexOfKey, itemAt, keyOf, planOp, type Change } from '../../../timing';
import { dragOp } from './drag-op';
import type { StoreKit } from './store-kit';
import type { EditorActions } from './types';

type DragActions = Pick<EditorActions, 'beginDrag' | 'updateDrag' | 'commitDrag' | 'cancelDrag'>;

/** Preview while dragging, one undo step on commit, nothing on cancel. */
export function createDragActions(kit: StoreKit): DragActions {
  let pending: Change | null = null;
  return {
    beginDrag(start) {
      const { doc, selection } = kit.get();
      let keys: string[] = [start.key];
      if (start.mode === 'move') {
        if (selection.has(start.key)) keys = [...selection];
        else kit.set({ selection: new Set([start.key]) });
      } else if (start.mode === 'roll') {
        const right = itemAt(doc, indexOfKey(doc, start.key) + 1);
        if (!right) return;
        keys = [start.key, keyOf(right)];
      }
      pending = null;
      kit.set({ drag: { ...start, keys, snappedTo: null }, preview: null });
    },
    updateDrag(time) {
      const { drag, doc, settings } = kit.get();
      if (!drag) return;
      const { op, snappedTo } = dragOp(doc, drag, time, settings);
      if (!op) return;
      pending = planOp(doc, op, kit.editSettings());
      // A preview is dropped next frame: it must not crowd the dragged doc out of the key index.
      kit.set({
        preview: applyChange(doc, pending, { transient: true }),
        drag: { ...drag, snappedTo },
      });
    },
    commitDrag() {
      const change = pending;
      pending = null;
      kit.set({ drag: null, preview: null });
      if (change) kit.commit(change);
    },
    cancelDrag() {
      pending = null;
      kit.set({ drag: null, preview: null });
    },
  };
}
