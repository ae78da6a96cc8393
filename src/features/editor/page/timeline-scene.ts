import { itemAt, keyOf, visibleRange, type TimingDoc } from '../../../timing';
import type { EditorState, EditorStore } from '../store';
import { DARK_TIMELINE_COLORS } from '../timeline/colors';
import type {
  DragPreview,
  TimelineItem,
  TimelineItems,
  TimelineScene,
  TimelineView,
} from '../timeline/types';

/** What the page adds to the store for drawing: the view, hover and the tool's drag preview. */
export interface SceneExtras {
  view: TimelineView;
  hoverKey: string | null;
  preview: DragPreview | null;
  snapGuide: number | null;
  /** Sorted vocal onsets (ruler ticks). */
  onsets?: readonly number[];
}

const LANES = 2;

/** Reads the store's document as the timeline's items: no copy, an adapter per draw. */
function itemsOf(doc: TimingDoc): TimelineItems {
  return {
    count: doc.size,
    itemAt(index): TimelineItem {
      const item = itemAt(doc, index);
      if (!item) throw new RangeError(`no item at ${index} of ${doc.size}`);
      return {
        key: keyOf(item),
        start: item.start,
        end: item.end,
        text: item.text,
        line: item.line,
        singer: item.singer,
      };
    },
  };
}

const EMPTY: ReadonlySet<string> = new Set();

/** The keys of a pending merge's conflicts, once per merge. */
const conflictKeysOf = new WeakMap<object, ReadonlySet<string>>();
function conflictKeys(pending: EditorState['pendingMerge']): ReadonlySet<string> {
  if (!pending) return EMPTY;
  let keys = conflictKeysOf.get(pending);
  if (!keys) {
    keys = new Set(pending.conflicts.map((c) => c.key));
    conflictKeysOf.set(pending, keys);
  }
  return keys;
}

/**
 * The scene for `TimelineCanvas`, rebuilt lazily: only when the store's document, selection,
 * validation or pending merge, or the page's extras changed since the last draw. The words of a
 * pending merge's conflicts are outlined until they are resolved (the dialog open or not).
 */
export function createSceneSource(store: EditorStore, extras: () => SceneExtras) {
  let cache: { key: unknown[]; scene: TimelineScene } | null = null;
  let problemsOf: { validation: unknown; keys: ReadonlySet<string> } | null = null;

  return (): TimelineScene => {
    const state = store.getState();
    const doc = state.preview ?? state.doc;
    const e = extras();
    const key = [
      doc,
      state.selection,
      state.validation,
      state.pendingMerge,
      e.view,
      e.hoverKey,
      e.preview,
      e.snapGuide,
      e.onsets,
    ];
    if (cache && cache.key.every((k, i) => k === key[i])) return cache.scene;
    if (problemsOf?.validation !== state.validation) {
      const keys = new Set<string>();
      for (const issue of state.validation?.issues ?? []) for (const k of issue.keys) keys.add(k);
      problemsOf = { validation: state.validation, keys };
    }
    const scene: TimelineScene = {
      items: itemsOf(doc),
      firstVisibleIndex: (time) => visibleRange(doc, time, time).from,
      view: e.view,
      laneMode: 'line',
      laneCount: LANES,
      selection: state.selection,
      hoverKey: e.hoverKey,
      preview: e.preview,
      problemKeys: problemsOf.keys ?? EMPTY,
      estimatedKeys: doc.estimated,
      conflictKeys: conflictKeys(state.pendingMerge),
      onsets: e.onsets,
      snapGuide: e.snapGuide,
      colors: DARK_TIMELINE_COLORS,
    };
    cache = { key, scene };
    return scene;
  };
}
