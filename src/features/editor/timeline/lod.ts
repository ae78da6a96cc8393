import { laneOf } from './layout';
import type { LaneMode, TimelineScene, TimelineWord } from './types';

/**
 * The timeline's level of detail (ADR 0018, fifth pass): zoomed out, a block of words (the
 * document's chunk of ~128) is painted from its **runs** at a power-of-two time grid instead of
 * word by word. A run is a stretch of one lane's consecutive words of one fill whose grid cells
 * touch (each cell holds a word); with cells at most a quarter of a device-pixel column, the
 * columns such a run paints are exactly those from its first word's column to its last's (every
 * column between holds a whole cell, so a word). Zoomed out over an hour a block is a few runs
 * per lane, and a frame reads a few thousand numbers instead of ~5,000 words.
 *
 * Level `L`: cells of 2^(L - 10) s (level 10: one second). A block's runs at a level are built
 * once from its words (or merged from a finer level's runs, which gives the same runs) and kept
 * per lane rule; a block is the owner's to cache (the page keeps one per chunk: an edit makes a
 * new chunk, so nothing is invalidated by hand).
 */
export const LOD_LEVELS = 25;
const LEVEL_SHIFT = 10;

/** The coarsest level whose cells are at most a quarter of `columnSeconds` (-1: none). */
export function lodLevel(columnSeconds: number): number {
  if (!(columnSeconds > 0) || !Number.isFinite(columnSeconds)) return -1;
  let level = Math.floor(Math.log2(columnSeconds / 4)) + LEVEL_SHIFT;
  level = Math.min(level, LOD_LEVELS - 1);
  while (level >= 0 && cellSeconds(level) > columnSeconds / 4) level--;
  return Math.max(-1, level);
}

export function cellSeconds(level: number): number {
  return 2 ** (level - LEVEL_SHIFT);
}

/** A frame's lane rule: which lane a word is in, and a key naming the rule (runs are per rule). */
export interface LaneRule {
  readonly key: string;
  readonly count: number;
  laneOf(word: TimelineWord): number;
}

const rules = new WeakMap<object, Map<string, LaneRule>>();
const NO_SINGERS = {};

/** The scene's lane rule, one object per lane mode, count and singer map. */
export function laneRuleOf(
  scene: Pick<TimelineScene, 'laneMode' | 'laneCount' | 'singerLanes'>,
): LaneRule {
  const mode: LaneMode = scene.laneMode;
  const count = Math.max(1, scene.laneCount);
  const singers = mode === 'singer' ? scene.singerLanes : undefined;
  let byMode = rules.get(singers ?? NO_SINGERS);
  if (!byMode) rules.set(singers ?? NO_SINGERS, (byMode = new Map<string, LaneRule>()));
  const short = `${mode}/${count}`;
  let rule = byMode.get(short);
  if (!rule) {
    const key = singers
      ? `${short}/${[...singers].map(([s, lane]) => `${s}:${lane}`).join(',')}`
      : short;
    rule = { key, count, laneOf: (word) => laneOf(word, mode, count, singers) };
    byMode.set(short, rule);
  }
  return rule;
}

/**
 * A block's runs at one level, in the order of their first words: per run RUN_FIELDS numbers in
 * `data` (one plain array of doubles per block and level: a new level over a whole song is one
 * young allocation per block, not five typed arrays with their buffers for the collector).
 */
export interface LodRuns {
  readonly length: number;
  readonly data: readonly number[];
}
/** Per run: the start of its first word and of its last (s), its lane, singer (-1: none), words. */
export const RUN_FIELDS = 5;
const FIRST = 0;
const LAST = 1;
const LANE = 2;
const SINGER = 3;
const WORDS = 4;

/**
 * One block of words (sorted by start): its first and last start, its longest word, and its runs
 * per lane rule and level, made when first asked for.
 */
export class BlockLod {
  readonly count: number;
  readonly firstStart: number;
  readonly lastStart: number;
  /** The longest word's duration (seconds): the block is drawn from runs only below a pixel. */
  readonly longest: number;
  private readonly byRule = new Map<string, (LodRuns | undefined)[]>();

  constructor(private readonly words: ArrayLike<TimelineWord | undefined>) {
    this.count = words.length;
    let longest = 0;
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      if (w && w.end - w.start > longest) longest = w.end - w.start;
    }
    this.longest = longest;
    this.firstStart = words[0]?.start ?? Infinity;
    this.lastStart = words[words.length - 1]?.start ?? -Infinity;
  }

  /** The runs at `level` under `lanes`: merged from the coarsest finer level kept, else built. */
  runs(level: number, lanes: LaneRule): LodRuns {
    let levels = this.byRule.get(lanes.key);
    if (!levels) {
      levels = new Array<LodRuns | undefined>(LOD_LEVELS).fill(undefined);
      this.byRule.set(lanes.key, levels);
    }
    const kept = levels[level];
    if (kept) return kept;
    let made: LodRuns | undefined;
    for (let finer = level - 1; finer >= 0 && !made; finer--) {
      const from = levels[finer];
      if (from) made = coarsen(from, level, lanes.count);
    }
    made ??= this.build(level, lanes);
    levels[level] = made;
    return made;
  }

  private build(level: number, lanes: LaneRule): LodRuns {
    const scale = 2 ** (LEVEL_SHIFT - level);
    const out: number[] = [];
    let length = 0;
    const lastRun = new Array<number>(lanes.count).fill(-1);
    const lastCell = new Array<number>(lanes.count).fill(0);
    for (let k = 0; k < this.count; k++) {
      const w = this.words[k];
      if (!w) continue;
      const lane = lanes.laneOf(w);
      const singer = w.singer ?? -1;
      const cell = Math.floor(w.start * scale);
      const r = (lastRun[lane] ?? -1) * RUN_FIELDS;
      if (r >= 0 && out[r + SINGER] === singer && cell - (lastCell[lane] ?? 0) <= 1) {
        out[r + LAST] = w.start;
        out[r + WORDS]!++;
      } else {
        // FIRST, LAST, LANE, SINGER, WORDS
        out.push(w.start, w.start, lane, singer, 1);
        lastRun[lane] = length++;
      }
      lastCell[lane] = cell;
    }
    return { length, data: out };
  }
}

/**
 * The runs of a coarser level from a finer one's: a lane's run joins the one before it in that
 * lane when their fills agree and their cells touch at the coarser level (a break at the coarser
 * level is one at every finer level, so this is what building from the words gives).
 */
function coarsen(from: LodRuns, level: number, laneCount: number): LodRuns {
  const scale = 2 ** (LEVEL_SHIFT - level);
  const src = from.data;
  const out: number[] = [];
  let length = 0;
  const lastRun = new Array<number>(laneCount).fill(-1);
  for (let k = 0; k < src.length; k += RUN_FIELDS) {
    const lane = src[k + LANE] ?? 0;
    const first = src[k + FIRST] ?? 0;
    const r = (lastRun[lane] ?? -1) * RUN_FIELDS;
    if (
      r >= 0 &&
      out[r + SINGER] === src[k + SINGER] &&
      Math.floor(first * scale) - Math.floor((out[r + LAST] ?? 0) * scale) <= 1
    ) {
      out[r + LAST] = src[k + LAST] ?? first;
      out[r + WORDS]! += src[k + WORDS] ?? 0;
    } else {
      out.push(first, src[k + LAST] ?? first, lane, src[k + SINGER] ?? -1, src[k + WORDS] ?? 0);
      lastRun[lane] = length++;
    }
  }
  return { length, data: out };
}

/**
 * The scene's words as blocks (`TimelineScene.blocks`): the page's are the document's chunks,
 * `blocksOfArray` cuts a plain array into blocks of 128.
 */
export interface WordBlocks {
  /** The block holding index `i` (0 <= i < count). */
  blockOf(i: number): number;
  /** First index of block `b`; `start(b + 1)` is one past its last. */
  start(b: number): number;
  readonly length: number;
  /** Block `b`'s level of detail, made on first use and kept. */
  lod(b: number): BlockLod;
}

const BLOCK = 128;

/** Blocks of `size` (128) over a plain sorted array (tests, the bench page's demo). */
export function blocksOfArray(list: readonly TimelineWord[], size = BLOCK): WordBlocks {
  const lods: (BlockLod | undefined)[] = [];
  const length = Math.ceil(list.length / size);
  return {
    length,
    blockOf: (i) => Math.floor(i / size),
    start: (b) => Math.min(list.length, b * size),
    lod: (b) => (lods[b] ??= new BlockLod(list.slice(b * size, (b + 1) * size))),
  };
}

/** Where `prepareLod` is in each blocks object, per lane rule. */
const prepared = new WeakMap<WordBlocks, Map<string, number>>();
/** The level made for every block ahead of need: 1/32 s cells, zoomed out past ~125 ms a column. */
export const PREPARED_LEVEL = 5;
/**
 * And every coarser one up to 4 s cells (a column of 16 s: an hour in 225 px), each merged from
 * the one before: the first frame at a new level while zooming out merges nothing.
 */
export const PREPARED_TOP = 12;

/**
 * Makes every block's level of detail (its longest word, its runs at PREPARED_LEVEL from its
 * words and at each coarser level to PREPARED_TOP, each merged from the one before) while
 * `more()` says there is time: called when the page is idle, so no frame zooming out to the whole
 * song reads words or merges runs.
 * Returns true when every block is ready.
 */
export function prepareLod(blocks: WordBlocks, lanes: LaneRule, more: () => boolean): boolean {
  let byRule = prepared.get(blocks);
  if (!byRule) prepared.set(blocks, (byRule = new Map<string, number>()));
  let b = byRule.get(lanes.key) ?? 0;
  while (b < blocks.length && more()) {
    const lod = blocks.lod(b);
    for (let level = PREPARED_LEVEL; level <= PREPARED_TOP; level++) lod.runs(level, lanes);
    b++;
  }
  byRule.set(lanes.key, b);
  return b >= blocks.length;
}
