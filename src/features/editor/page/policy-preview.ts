import { getItem, planOp, type TimingDoc, type TimingOp } from '../../../timing';
import { editSettingsOf, type EditorSettings } from '../store';
import type { DragPreview, TimelineItem } from '../timeline';
import { timelineItemOf } from './timeline-scene';

/**
 * The pointer tool previews a drag as if words may overlap. Under "stop at the neighbour" or "push
 * neighbours" the commit differs, so the preview is replaced by what the commit will do: the
 * same operation planned on the document (clamped words, pushed neighbours). Moves and one-edge
 * resizes; anything else is shown as the tool drew it.
 */
export function policyPreview(
  doc: TimingDoc,
  preview: DragPreview | null,
  settings: Pick<EditorSettings, 'overlapPolicy' | 'nudgeSteps'>,
): DragPreview | null {
  if (!preview || settings.overlapPolicy === 'allow') return preview;
  const op = opOf(doc, preview);
  if (!op) return preview;
  const items = new Map<string, TimelineItem>();
  for (const item of planOp(doc, op, editSettingsOf(settings)).added) {
    const shown = timelineItemOf(item);
    items.set(shown.key, shown);
  }
  return { kind: 'replace', items };
}

function opOf(doc: TimingDoc, preview: DragPreview): TimingOp | null {
  if (preview.kind === 'shift')
    return { type: 'move', keys: [...preview.keys], delta: preview.deltaSeconds };
  if (preview.items.size !== 1) return null;
  const [[key, next]] = [...preview.items] as [[string, TimelineItem]];
  const item = getItem(doc, key);
  if (!item) return null;
  if (next.end === item.end && next.start !== item.start)
    return { type: 'setStart', key, time: next.start };
  if (next.start === item.start && next.end !== item.end)
    return { type: 'setEnd', key, time: next.end };
  return null;
}
