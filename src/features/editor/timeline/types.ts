import type { WordBlocks } from './lod';

/** One drawable box: a word or subword, already in seconds. `key` is stable across edits. */
export interface TimelineItem {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly line: number;
  readonly singer?: number | undefined;
}

/** What the renderer reads of a word it draws plain (no key: it is in none of the marked sets). */
export type TimelineWord = Omit<TimelineItem, 'key'>;

/** Read-only access to items sorted by start; the store keeps its own shape, we only index it. */
export interface TimelineItems {
  readonly count: number;
  itemAt(index: number): TimelineItem;
  /**
   * The word at `index` without its key, made for nothing (the store's own object): zoomed out,
   * a frame reads thousands of words it only paints plain, and a timeline item made for each was
   * garbage the collector copied. Absent: `itemAt`.
   */
  wordAt?(index: number): TimelineWord;
}

export interface TimelineView {
  /** Time at the left edge, in seconds. */
  startTime: number;
  pxPerSecond: number;
  /** CSS pixels. */
  width: number;
  height: number;
  devicePixelRatio: number;
}

export type LaneMode = 'line' | 'singer';

export interface TimelineColors {
  background: string;
  laneAlt: string;
  laneDivider: string;
  rulerBackground: string;
  rulerText: string;
  rulerTick: string;
  item: string;
  itemEdge: string;
  itemText: string;
  selected: string;
  selectedEdge: string;
  hover: string;
  problem: string;
  estimated: string;
  /** Outline of a word changed on both sides of a merge (distinct from problems and selection). */
  conflict: string;
  /** Mark of a word the sync is unsure of (a bar along its top); absent: amber. */
  uncertain?: string;
  /** Faint vocal-onset ticks on the ruler. */
  onset: string;
  preview: string;
  playhead: string;
  marqueeFill: string;
  marqueeStroke: string;
  snapGuide: string;
  /** Fills of plain words by singer (singer n: n % length); absent or empty: one colour. */
  singers?: readonly string[];
}

/** A drag in progress: either the same shift for many keys, or whole replacement items. */
export type DragPreview =
  | { kind: 'shift'; keys: ReadonlySet<string>; deltaSeconds: number }
  | { kind: 'replace'; items: ReadonlyMap<string, TimelineItem> };

export interface TimelineScene {
  items: TimelineItems;
  /** Index of the first item whose end is >= `time` (see createCullIndex). */
  firstVisibleIndex(time: number): number;
  /**
   * Zoomed out, the renderer jumps over items that would only repaint a painted pixel column:
   * the first index j >= `from` such that every item in [from, j) starts before `time` and is
   * under one pixel wide at `pxPerSecond` (duration * pxPerSecond < 1). It may stop early (a
   * block holding a longer item). Absent: every item in view is read (see createSkipIndex).
   */
  skipTo?: (from: number, time: number, pxPerSecond: number) => number;
  /**
   * The items as blocks with a level of detail (lod.ts): zoomed out, a block of plain words all
   * under a pixel is painted from its runs, not word by word. Absent: words are read (and jumped).
   */
  blocks?: WordBlocks;
  /** Document index of a word (-1: none): where the renderer may not jump over marked words. */
  indexOfKey?: (key: string) => number;
  view: TimelineView;
  laneMode: LaneMode;
  /** Lanes drawn; in line mode lines cycle through them so neighbouring lines never share a row. */
  laneCount: number;
  /** Singer mode: singer number -> lane (see `singerLanesOf`); without it, singer % laneCount. */
  singerLanes?: ReadonlyMap<number, number>;
  selection: ReadonlySet<string>;
  hoverKey: string | null;
  preview: DragPreview | null;
  problemKeys: ReadonlySet<string>;
  estimatedKeys: ReadonlySet<string>;
  /** Words with a merge conflict waiting for a decision: outlined. Absent: none. */
  conflictKeys?: ReadonlySet<string>;
  /** Words the sync is unsure of (low confidence, not retimed since): a bar on top. Absent: none. */
  uncertainKeys?: ReadonlySet<string>;
  /** Sorted vocal onset times (seconds): ticks on the ruler. Absent: none. */
  onsets?: readonly number[];
  /** Per onset its strength (1 = strongest): strong ones get long ticks. Absent: all long. */
  onsetStrengths?: readonly number[];
  /** A time the dragged edge snapped to, drawn as a guide line. */
  snapGuide?: number | null;
  colors: TimelineColors;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
