import { useCallback, useMemo } from 'react';
import { createDoc, getItem, type TimingDoc } from '../../../timing';
import type { AlignmentItem } from '../../../contract';
import type { EditorStore } from '../store';
import type { ViewState } from '../timeline/view-state';
import { positionsOf, renderGhostLane } from './render-ghost-lane';
import { ViewStrip } from '../audio/view-strip';

interface Props {
  items: readonly AlignmentItem[];
  name: string;
  view: ViewState;
  store: EditorStore;
  duration: number;
}

const docs = new WeakMap<readonly AlignmentItem[], TimingDoc>();
/** The comparison as a document, once per items array (sorted and chunked: culled like the timeline). */
function docOf(items: readonly AlignmentItem[], duration: number): TimingDoc {
  let doc = docs.get(items);
  if (!doc) {
    doc = createDoc(items, { duration: duration || Infinity });
    docs.set(items, doc);
  }
  return doc;
}

/** The compared alignment, read-only, on the timeline's time axis under the working words. */
export function GhostLane({ items, name, view, store, duration }: Props) {
  const doc = useMemo(() => docOf(items, duration), [items, duration]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offView = view.subscribe(listener);
      const offStore = store.subscribe((s, prev) => {
        if (s.selection !== prev.selection || s.doc !== prev.doc) listener();
      });
      return () => {
        offView();
        offStore();
      };
    },
    [view, store],
  );
  const draw = useCallback(
    (
      ctx: CanvasRenderingContext2D,
      v: { startTime: number; pxPerSecond: number },
      size: { width: number; height: number; devicePixelRatio: number },
    ) => {
      const { doc: mine, selection } = store.getState();
      renderGhostLane(ctx, {
        doc,
        view: { ...size, startTime: v.startTime, pxPerSecond: v.pxPerSecond },
        selectedPositions: positionsOf(mine, selection, getItem),
      });
    },
    [doc, store],
  );
  return (
    <div className="ghost-lane">
      <span className="ghost-lane-label" aria-hidden="true">
        Comparison (read-only): {name}
      </span>
      <ViewStrip
        draw={draw}
        getView={view.get}
        subscribe={subscribe}
        height={34}
        label={`Comparison lane, read-only: ${name}, ${items.length} words`}
      />
    </div>
  );
}
