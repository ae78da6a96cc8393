import {
  getItem,
  snapInDoc,
  type SnapOptions,
  type TimingDoc,
  type TimingOp,
} from '../../../timing';
import type { DragState, EditorSettings } from './types';

/** The operation a drag stands for with the pointer at `time`, snapped in pixels. */
export function dragOp(
  doc: TimingDoc,
  drag: DragState,
  time: number,
  settings: EditorSettings,
): { op: TimingOp | null; snappedTo: number | null } {
  const item = getItem(doc, drag.key);
  if (!item) return { op: null, snappedTo: null };
  const options: SnapOptions = {
    thresholdPx: settings.snapThresholdPx,
    pxPerSecond: drag.pxPerSecond,
    exclude: new Set(drag.keys),
    ...(drag.playhead === undefined ? {} : { playhead: drag.playhead }),
    ...(drag.gridStep === undefined ? {} : { gridStep: drag.gridStep }),
    ...(drag.onsets === undefined ? {} : { onsets: drag.onsets }),
  };
  const snap = (t: number) =>
    settings.snapping ? snapInDoc(doc, t, options) : { time: t, target: null };
  switch (drag.mode) {
    case 'move': {
      const delta = time - drag.time;
      // Snap whichever edge of the grabbed word lands closer to a target.
      const s = snap(item.start + delta);
      const e = snap(item.end + delta);
      const ds = s.target === null ? Infinity : Math.abs(s.time - (item.start + delta));
      const de = e.target === null ? Infinity : Math.abs(e.time - (item.end + delta));
      const snapped = ds <= de ? s : e;
      const adjusted =
        snapped.target === null ? delta : ds <= de ? s.time - item.start : e.time - item.end;
      return { op: { type: 'move', keys: drag.keys, delta: adjusted }, snappedTo: snapped.target };
    }
    case 'start':
    case 'end': {
      const s = snap(time);
      const type = drag.mode === 'start' ? 'setStart' : 'setEnd';
      return { op: { type, key: drag.key, time: s.time }, snappedTo: s.target };
    }
    case 'roll': {
      const right = drag.keys[1];
      if (right === undefined) return { op: null, snappedTo: null };
      const s = snap(time);
      return {
        op: { type: 'roll', leftKey: drag.key, rightKey: right, time: s.time },
        snappedTo: s.target,
      };
    }
    default: {
      const never: never = drag.mode;
      throw new Error(`unknown drag mode ${String(never)}`);
    }
  }
}
