import type { AlignmentItem } from '../../../contract';
import {
  chunkOfIndex,
  indexOfKey,
  keyOf,
  visibleRange,
  type Chunk,
  type TimingDoc,
  type ValidationResult,
} from '../../../timing';
import type { EditorState, EditorStore } from '../store';
import { DARK_TIMELINE_COLORS } from '../timeline/colors';
import { BlockLod, type WordBlocks } from '../timeline/lod';
import { singerLanesOf } from '../tools/singers';
import type {
  DragPreview,
  LaneMode,
  TimelineItem,
  TimelineItems,
  TimelineScene,
  TimelineView,
  TimelineWord,
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

/**
 * Each chunk's items as the timeline draws them, each made when first read and kept: chunks are
 * shared between versions. Per item, not per chunk: a zoomed-out frame reads a few words per
 * pixel column (TimelineScene.skipTo), and the first one over the whole song made 100,000.
 */
const drawnChunks = new WeakMap<Chunk, (TimelineItem | undefined)[]>();

function drawnChunk(chunk: Chunk): (TimelineItem | undefined)[] {
  let drawn = drawnChunks.get(chunk);
  if (!drawn) {
    drawn = new Array<TimelineItem | undefined>(chunk.length).fill(undefined);
    drawnChunks.set(chunk, drawn);
  }
  return drawn;
}

/**
 * Reads the store's document as the timeline's items: no copy of the document, an adapter per
 * draw. A frame reads items in order, so the chunk of the last read is kept (no search per item),
 * and each item's timeline item is made once and kept with its chunk: a zoomed-out frame over
 * 100,000 words allocated 100,000 objects, and the garbage collector was its largest cost.
 */
function itemsOf(doc: TimingDoc): TimelineItems {
  let chunk = -1;
  let from = 0;
  let to = 0;
  let items: Chunk = [];
  // Per chunk number of this version, its drawn items (a zoomed-out frame changes chunk at every
  // other pixel column: no WeakMap look-up each time).
  const drawnOf: ((TimelineItem | undefined)[] | undefined)[] = [];
  const seek = (index: number) => {
    chunk = chunkNear(doc, index, chunk);
    from = doc.offsets[chunk] ?? 0;
    to = doc.offsets[chunk + 1] ?? 0;
    items = doc.chunks[chunk] ?? [];
  };
  return {
    count: doc.size,
    itemAt(index): TimelineItem {
      if (index < from || index >= to) seek(index);
      const slot = index - from;
      const drawn = (drawnOf[chunk] ??= drawnChunk(items));
      let item = drawn[slot];
      if (!item) {
        const source = items[slot];
        if (!source) throw new RangeError(`no item at ${index} of ${doc.size}`);
        item = drawn[slot] = timelineItemOf(source);
      }
      return item;
    },
    // The store's item itself: its start, end, text, line and singer are the timeline's.
    wordAt(index): TimelineWord {
      if (index < from || index >= to) seek(index);
      const source = items[index - from];
      if (!source) throw new RangeError(`no item at ${index} of ${doc.size}`);
      return source;
    },
  };
}

/**
 * The chunk holding `index`, looked for from `hint` (the last one read) and the two after it
 * before a binary search: reads in order, and jumps a few columns ahead, stay near.
 */
function chunkNear(doc: TimingDoc, index: number, hint: number): number {
  const offsets = doc.offsets;
  if (hint >= 0 && (offsets[hint] ?? Infinity) <= index) {
    for (let c = hint; c < hint + 3 && c < doc.chunks.length; c++)
      if (index < (offsets[c + 1] ?? -Infinity)) return c;
  }
  return chunkOfIndex(doc, index);
}

/** Per chunk: its longest word (seconds) and its words' starts, once per chunk (shared between versions). */
interface ChunkTimes {
  longest: number;
  starts: Float64Array;
}
const chunkTimes = new WeakMap<Chunk, ChunkTimes>();

function timesOf(chunk: Chunk): ChunkTimes {
  let times = chunkTimes.get(chunk);
  if (!times) {
    let longest = 0;
    const starts = new Float64Array(chunk.length);
    for (let k = 0; k < chunk.length; k++) {
      const item = chunk[k];
      if (!item) continue;
      starts[k] = item.start;
      if (item.end - item.start > longest) longest = item.end - item.start;
    }
    times = { longest, starts };
    chunkTimes.set(chunk, times);
  }
  return times;
}

/**
 * `TimelineScene.skipTo` on the document's chunks: a chunk of words all under a pixel that starts
 * and ends before `time` is passed by one read; the search ends inside the chunk that reaches it.
 * The starts are searched in a typed array per chunk: a zoomed-out frame jumps once per pixel
 * column, and a search over the words themselves missed the cache at every step.
 */
function skipperOf(doc: TimingDoc) {
  // Per chunk number of this version, its times (undefined: not looked up yet).
  const times: (ChunkTimes | undefined)[] = new Array<ChunkTimes | undefined>(doc.chunks.length);
  let hint = -1;
  return (from: number, time: number, pxPerSecond: number): number => {
    let i = from;
    for (
      let c = from < doc.size ? (hint = chunkNear(doc, from, hint)) : doc.chunks.length;
      c < doc.chunks.length;
      c++
    ) {
      const offset = doc.offsets[c] ?? 0;
      const t = (times[c] ??= timesOf(doc.chunks[c] ?? []));
      if (t.longest * pxPerSecond >= 1) return i;
      const starts = t.starts;
      if (starts.length === 0 || (starts[starts.length - 1] ?? Infinity) < time) {
        i = offset + starts.length;
        continue;
      }
      let lo = i - offset;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((starts[mid] ?? Infinity) < time) lo = mid + 1;
        else hi = mid;
      }
      return offset + lo;
    }
    return i;
  };
}

/** Per chunk its level of detail (shared between versions: an edit makes a new chunk). */
const chunkLods = new WeakMap<Chunk, BlockLod>();

function lodOf(chunk: Chunk): BlockLod {
  let lod = chunkLods.get(chunk);
  if (!lod) chunkLods.set(chunk, (lod = new BlockLod(chunk)));
  return lod;
}

/** `TimelineScene.blocks`: the document's chunks, each with its level of detail. */
function blocksOf(doc: TimingDoc): WordBlocks {
  // per chunk number of this version (no WeakMap look-up per block and frame)
  const lods = new Array<BlockLod | undefined>(doc.chunks.length);
  let hint = -1;
  return {
    length: doc.chunks.length,
    blockOf: (i) => (hint = chunkNear(doc, i, hint)),
    start: (b) => doc.offsets[b] ?? doc.size,
    lod: (b) => (lods[b] ??= lodOf(doc.chunks[b] ?? [])),
  };
}

type Readers = Pick<
  TimelineScene,
  'items' | 'firstVisibleIndex' | 'skipTo' | 'indexOfKey' | 'blocks'
>;
const readers = new WeakMap<TimingDoc, Readers>();

/**
 * The scene's ways to read a document, once per document version: a zoom or scroll frame makes a
 * new scene but reads the same words, and what the renderer keeps per `items` (the marked words'
 * indexes) stays valid.
 */
function readersOf(doc: TimingDoc): Readers {
  let found = readers.get(doc);
  if (!found) {
    found = {
      items: itemsOf(doc),
      firstVisibleIndex: (time) => visibleRange(doc, time, time).from,
      skipTo: skipperOf(doc),
      blocks: blocksOf(doc),
      indexOfKey: (key) => indexOfKey(doc, key),
    };
    readers.set(doc, found);
  }
  return found;
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
      ...readersOf(doc),
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
