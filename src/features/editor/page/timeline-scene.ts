import type { AlignmentItem } from '../../../contract';
import {
  chunkOfIndex,
  keyOf,
  visibleRange,
  type Chunk,
  type TimingDoc,
  type ValidationResult,
} from '../../../timing';
import type { EditorState, EditorStore } from '../store';
import { DARK_TIMELINE_COLORS } from '../timeline/colors';
import type {
  DragPreview,
  LaneMode,
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
  /** One lane per line (lines alternate over two rows) or one per singer. */
  laneMode: LaneMode;
  /** Sorted vocal onsets (ruler ticks). */
  onsets?: readonly number[];
  /** Per onset its strength: long ticks for the strong ones. */
  onsetStrengths?: readonly number[];
  /** The words the sync is unsure of in a document (cached per doc by the caller). */
  uncertain?: (doc: TimingDoc) => ReadonlySet<string>;
}

/** Line mode: lines alternate over two rows, so neighbouring lines never share one. */
const LINE_LANES = 2;

/** Each chunk's items as the timeline draws them, made once: chunks are shared between versions. */
const drawnChunks = new WeakMap<Chunk, readonly TimelineItem[]>();

function drawnChunk(chunk: Chunk): readonly TimelineItem[] {
  let drawn = drawnChunks.get(chunk);
  if (!drawn) {
    drawn = chunk.map(timelineItemOf);
    drawnChunks.set(chunk, drawn);
  }
  return drawn;
}

/**
 * Reads the store's document as the timeline's items: no copy of the document, an adapter per
 * draw. A frame reads items in order, so the chunk of the last read is kept (no search per item),
 * and each chunk's timeline items are made once and kept with the chunk: a zoomed-out frame over
 * 100,000 words allocated 100,000 objects, and the garbage collector was its largest cost.
 */
function itemsOf(doc: TimingDoc): TimelineItems {
  let chunk = -1;
  let from = 0;
  let to = 0;
  let drawn: readonly TimelineItem[] = [];
  return {
    count: doc.size,
    itemAt(index): TimelineItem {
      if (index < from || index >= to) {
        if (index === to && chunk + 1 < doc.chunks.length) chunk++;
        else chunk = chunkOfIndex(doc, index);
        from = doc.offsets[chunk] ?? 0;
        to = doc.offsets[chunk + 1] ?? 0;
        drawn = drawnChunk(doc.chunks[chunk] ?? []);
      }
      const item = drawn[index - from];
      if (!item) throw new RangeError(`no item at ${index} of ${doc.size}`);
      return item;
    },
  };
}

/** One word as the timeline draws it. */
export function timelineItemOf(item: AlignmentItem): TimelineItem {
  return {
    key: keyOf(item),
    start: item.start,
    end: item.end,
    text: item.text,
    line: item.line,
    singer: item.singer,
  };
}

const EMPTY: ReadonlySet<string> = new Set();

const problemKeys = new WeakMap<ValidationResult, ReadonlySet<string>>();

/** Keys of the words with an issue; one set per validation result (the canvas and overview share it). */
export function problemKeysOf(validation: ValidationResult | null): ReadonlySet<string> {
  if (!validation) return EMPTY;
  let keys = problemKeys.get(validation);
  if (!keys) {
    const set = new Set<string>();
    for (const issue of validation.issues) for (const k of issue.keys) set.add(k);
    keys = set;
    problemKeys.set(validation, keys);
  }
  return keys;
}

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

const chunkSingers = new WeakMap<Chunk, readonly number[]>();
const docSingers = new WeakMap<TimingDoc, ReadonlyMap<number, number>>();

/**
 * Singer mode's lanes: the distinct singers of the document (no singer counts as 0), in ascending
 * order, on consecutive rows. Cached per chunk, so after an edit only the copied chunks are
 * scanned again; at least one lane.
 */
export function singerLanesOf(doc: TimingDoc): ReadonlyMap<number, number> {
  const cached = docSingers.get(doc);
  if (cached) return cached;
  const all = new Set<number>();
  for (const chunk of doc.chunks) {
    let singers = chunkSingers.get(chunk);
    if (!singers) {
      const set = new Set<number>();
      for (const item of chunk) set.add(item.singer ?? 0);
      singers = [...set];
      chunkSingers.set(chunk, singers);
    }
    for (const singer of singers) all.add(singer);
  }
  if (all.size === 0) all.add(0);
  const lanes = new Map([...all].sort((a, b) => a - b).map((singer, lane) => [singer, lane]));
  docSingers.set(doc, lanes);
  return lanes;
}

/**
 * The scene for `TimelineCanvas`, rebuilt lazily: only when the store's document, selection,
 * validation or pending merge, or the page's extras changed since the last draw. The words of a
 * pending merge's conflicts are outlined until they are resolved (the dialog open or not).
 */
export function createSceneSource(store: EditorStore, extras: () => SceneExtras) {
  let cache: { key: unknown[]; scene: TimelineScene } | null = null;

  return (): TimelineScene => {
    const state = store.getState();
    const doc = state.preview ?? state.doc;
    const e = extras();
    const key = [
      doc,
      state.doc,
      state.selection,
      state.validation,
      state.pendingMerge,
      e.view,
      e.hoverKey,
      e.preview,
      e.snapGuide,
      e.laneMode,
      e.onsets,
      e.onsetStrengths,
      e.uncertain,
    ];
    if (cache && cache.key.every((k, i) => k === key[i])) return cache.scene;
    // Singers come from the committed doc: a drag preview never changes them.
    const singerLanes = e.laneMode === 'singer' ? singerLanesOf(state.doc) : undefined;
    const scene: TimelineScene = {
      items: itemsOf(doc),
      firstVisibleIndex: (time) => visibleRange(doc, time, time).from,
      view: e.view,
      laneMode: e.laneMode,
      laneCount: singerLanes ? singerLanes.size : LINE_LANES,
      singerLanes,
      selection: state.selection,
      hoverKey: e.hoverKey,
      preview: e.preview,
      problemKeys: problemKeysOf(state.validation),
      estimatedKeys: doc.estimated,
      conflictKeys: conflictKeys(state.pendingMerge),
      // Marks follow the committed doc (a preview shows the same words under the drag).
      uncertainKeys: e.uncertain ? e.uncertain(state.doc) : undefined,
      onsets: e.onsets,
      onsetStrengths: e.onsetStrengths,
      snapGuide: e.snapGuide,
      colors: DARK_TIMELINE_COLORS,
    };
    cache = { key, scene };
    return scene;
  };
}
