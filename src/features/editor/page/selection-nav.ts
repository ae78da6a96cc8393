import { indexOfKey, itemAt, visibleRange, type TimingDoc } from '../../../timing';
import { visibleEndTime } from '../timeline/viewport';
import type { TimelineView } from '../timeline/types';

/** Index of the first (or last) selected word in the document, -1 when none. */
export function selectedEdge(
  doc: TimingDoc,
  selection: ReadonlySet<string>,
  which: 'first' | 'last',
): number {
  let best = -1;
  for (const key of selection) {
    const i = indexOfKey(doc, key);
    if (i >= 0 && (best < 0 || (which === 'first' ? i < best : i > best))) best = i;
  }
  return best;
}

/** Where ← / → start with nothing selected: → at the first word on screen, ← at the last. */
export function onScreenStart(doc: TimingDoc, view: TimelineView, direction: 1 | -1): number {
  const { from, to } = visibleRange(doc, view.startTime, visibleEndTime(view));
  if (direction < 0) return Math.max(0, to - 1);
  let i = from;
  while (i < to - 1 && (itemAt(doc, i)?.end ?? Infinity) < view.startTime) i++;
  return Math.min(i, doc.size - 1);
}

/** The span of the selected words (null: none). */
export function selectionSpan(
  doc: TimingDoc,
  selection: ReadonlySet<string>,
): { start: number; end: number } | null {
  let start = Infinity;
  let end = -Infinity;
  for (const key of selection) {
    const item = itemAt(doc, indexOfKey(doc, key));
    if (!item) continue;
    start = Math.min(start, item.start);
    end = Math.max(end, item.end);
  }
  return Number.isFinite(start) ? { start, end } : null;
}
