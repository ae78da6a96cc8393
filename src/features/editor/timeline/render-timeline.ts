import { DEFAULT_SNAP_TUNING } from './snapping';
import { setFont, type Canvas2D } from './canvas-context';
import { laneBand, laneLayout, laneOf, RULER_HEIGHT, type LaneLayout } from './layout';
import { laneRuleOf, lodLevel, RUN_FIELDS, type BlockLod, type LaneRule } from './lod';
import { renderRuler } from './ruler';
import type { TimelineColors, TimelineItem, TimelineScene, TimelineWord } from './types';

/** Boxes narrower than this carry no label: text would be unreadable. */
export const MIN_LABEL_WIDTH_PX = 22;
/** Text is the expensive part of a frame (~0.1 ms per label in software rendering). */
export const MAX_LABELS_PER_FRAME = 2000;
const LABEL_FONT = '12px system-ui, sans-serif';

export interface RenderStats {
  /** Items whose box was painted. */
  drawn: number;
  /** Visible items skipped because their pixel was already painted (read or jumped over). */
  skipped: number;
  labels: number;
  /** Items read (zoomed out, runs of items that would only repaint painted columns are not). */
  visited: number;
  /** Blocks of words painted from their level of detail's runs (lod.ts), not read. */
  blocks: number;
}

/** More marked words than this (select all): no jumps, every item in view is read. */
const MAX_MARKED_FOR_JUMPS = 4096;

const markedCache = new WeakMap<object, { sets: unknown[]; marked: Int32Array | null }>();

/**
 * The sorted document indexes of every word drawn other than plain (selected, problem, hovered,
 * estimated, in conflict, uncertain, dragged): a jump never passes one, and a word not among them
 * is drawn plain without a look in each set. Null when the scene cannot say (no `indexOfKey`) or
 * there are too many. Once per items version and marks.
 */
function markedIndexes(scene: TimelineScene): Int32Array | null {
  const preview = scene.preview;
  const previewKeys =
    preview?.kind === 'shift' ? preview.keys : preview?.kind === 'replace' ? preview.items : null;
  const sets = [
    scene.selection,
    scene.problemKeys,
    scene.estimatedKeys,
    scene.conflictKeys,
    scene.uncertainKeys,
    scene.hoverKey,
    previewKeys,
  ];
  const cached = markedCache.get(scene.items);
  if (cached && cached.sets.every((set, k) => set === sets[k])) return cached.marked;
  let marked: Int32Array | null = null;
  const size =
    scene.selection.size +
    scene.problemKeys.size +
    scene.estimatedKeys.size +
    (scene.conflictKeys?.size ?? 0) +
    (scene.uncertainKeys?.size ?? 0) +
    (previewKeys?.size ?? 0) +
    1;
  const indexOfKey = scene.indexOfKey;
  if (indexOfKey && size <= MAX_MARKED_FOR_JUMPS) {
    const out: number[] = [];
    const add = (key: string) => {
      const i = indexOfKey(key);
      if (i >= 0) out.push(i);
    };
    for (const set of [scene.selection, scene.problemKeys, scene.estimatedKeys]) set.forEach(add);
    scene.conflictKeys?.forEach(add);
    scene.uncertainKeys?.forEach(add);
    previewKeys?.forEach((_, key) => add(key));
    if (scene.hoverKey !== null) add(scene.hoverKey);
    marked = Int32Array.from(out).sort();
  }
  markedCache.set(scene.items, { sets, marked });
  return marked;
}

type Style = 'plain' | 'selected' | 'hover' | 'problem' | 'estimated' | 'preview';

interface Frame {
  ctx: Canvas2D;
  scene: TimelineScene;
  layout: LaneLayout;
  /** Per lane, the last device-px column painted in the plain style (sub-pixel culling). */
  lastPlainPx: Float64Array;
  /**
   * Per lane, the run of sub-pixel words not yet painted: [runStart, runEnd) CSS px in `runFill`
   * (null: none). Zoomed out, each lane is a few long runs, not a rect per device column.
   */
  runStart: Float64Array;
  runEnd: Float64Array;
  runFill: (string | null)[];
  labelX: number[];
  labelY: number[];
  labelText: string[];
  charWidth: number;
  fill: string;
  stats: RenderStats;
}

/** Empty sets are skipped: a zoomed-out frame asks this of every one of 100,000 words. */
function styleOf(item: TimelineItem, scene: TimelineScene): Style {
  if (scene.selection.size !== 0 && scene.selection.has(item.key)) return 'selected';
  if (scene.problemKeys.size !== 0 && scene.problemKeys.has(item.key)) return 'problem';
  if (item.key === scene.hoverKey) return 'hover';
  if (scene.estimatedKeys.size !== 0 && scene.estimatedKeys.has(item.key)) return 'estimated';
  return 'plain';
}

function fillFor(style: Style, colors: TimelineColors): string {
  switch (style) {
    case 'plain':
      return colors.item;
    case 'selected':
      return colors.selected;
    case 'hover':
      return colors.hover;
    case 'problem':
      return colors.problem;
    case 'estimated':
      return colors.estimated;
    case 'preview':
      return colors.preview;
  }
}

function setFill(f: Frame, color: string): void {
  if (f.fill !== color) {
    f.ctx.fillStyle = color;
    f.fill = color;
  }
}

/**
 * `unmarked`: the word is known to be in none of the scene's sets (see markedIndexes); then it
 * may come without its key (`TimelineItems.wordAt`). `shift`: seconds the word is drawn moved by
 * (a drag's preview). Its times are read here, not passed: a double passed to a call is a number
 * allocated per call, and a zoomed-out frame draws thousands of words.
 */
function drawItem(
  f: Frame,
  item: TimelineWord & { readonly key?: string },
  style: Style,
  unmarked = false,
  shift = 0,
): void {
  const { view, colors } = f.scene;
  const start = item.start + shift;
  const end = item.end + shift;
  const lane = laneOf(item, f.scene.laneMode, f.layout.laneCount, f.scene.singerLanes);
  const x = (start - view.startTime) * view.pxPerSecond;
  const width = (end - start) * view.pxPerSecond;
  // Conflicts and uncertain words are never culled: each must stay findable at any zoom.
  const conflicts = f.scene.conflictKeys;
  const key = unmarked ? undefined : item.key;
  const conflict =
    key !== undefined && conflicts !== undefined && conflicts.size !== 0 && conflicts.has(key);
  const uncertainKeys = f.scene.uncertainKeys;
  const uncertain =
    key !== undefined &&
    uncertainKeys !== undefined &&
    uncertainKeys.size !== 0 &&
    uncertainKeys.has(key);
  const singerFill =
    style === 'plain' && item.singer !== undefined && colors.singers?.length
      ? colors.singers[item.singer % colors.singers.length]
      : undefined;
  if (width < 1 && style === 'plain' && !conflict && !uncertain) {
    const px = Math.floor(x * view.devicePixelRatio);
    if (px <= (f.lastPlainPx[lane] ?? -Infinity)) {
      f.stats.skipped++;
      return;
    }
    f.lastPlainPx[lane] = px;
    addToRun(f, lane, px, singerFill ?? colors.item);
    f.stats.drawn++;
    return;
  }
  if (style === 'plain') f.lastPlainPx[lane] = Math.floor((x + width) * view.devicePixelRatio);
  flushRuns(f);
  const band = laneBand(lane, f.layout);
  setFill(f, singerFill ?? fillFor(style, colors));
  f.ctx.fillRect(x, band.y, Math.max(width, 1), band.height);
  f.stats.drawn++;
  if (width >= 4) {
    const edge = style === 'selected' ? colors.selectedEdge : colors.itemEdge;
    setFill(f, edge);
    f.ctx.fillRect(x, band.y, 1, band.height);
  }
  if (style === 'problem' || style === 'estimated') {
    // Marked in place even when selected-looking colours would hide it: an underline bar.
    setFill(f, style === 'problem' ? colors.problem : colors.estimated);
    f.ctx.fillRect(x, band.y + band.height - 3, Math.max(width, 1), 3);
  }
  if (uncertain) drawUncertain(f, x, width, band);
  if (conflict) drawConflict(f, x, width, band);
  if (
    width >= MIN_LABEL_WIDTH_PX &&
    f.stats.labels + f.labelText.length < MAX_LABELS_PER_FRAME &&
    item.text
  ) {
    const left = Math.max(x, 0);
    const text = fitLabel(f, item.text, Math.min(x + width, view.width) - left - 6);
    if (text) {
      f.labelX.push(left + 3);
      f.labelY.push(band.y + band.height / 2);
      f.labelText.push(text);
    }
  }
}

/**
 * A sub-pixel word's column (device pixel `px`: from x = px / devicePixelRatio, 1 CSS px wide)
 * joins its lane's run when it touches it in the same colour; else the run is painted and a new
 * one starts. (A whole device pixel is passed, not x: no number allocated per call.)
 */
function addToRun(f: Frame, lane: number, px: number, fill: string): void {
  const x = px / f.scene.view.devicePixelRatio;
  const end = f.runEnd[lane] ?? -Infinity;
  if (f.runFill[lane] === fill && x <= end) {
    f.runEnd[lane] = Math.max(end, x + 1);
    return;
  }
  paintRun(f, lane);
  f.runFill[lane] = fill;
  f.runStart[lane] = x;
  f.runEnd[lane] = x + 1;
}

function paintRun(f: Frame, lane: number): void {
  const fill = f.runFill[lane];
  if (fill == null) return;
  const band = laneBand(lane, f.layout);
  const start = f.runStart[lane] ?? 0;
  setFill(f, fill);
  f.ctx.fillRect(start, band.y, (f.runEnd[lane] ?? start) - start, band.height);
  f.runFill[lane] = null;
}

/** Paints every lane's pending run: before anything else is drawn over the lanes. */
function flushRuns(f: Frame): void {
  for (let lane = 0; lane < f.runFill.length; lane++) paintRun(f, lane);
}

/** Height of the uncertain mark along a word's top edge. */
export const UNCERTAIN_BAR_PX = 4;

/**
 * A word the sync is unsure of: an amber bar along the top of its box (problems and estimated
 * words are marked along the bottom, so both read at once), at least 3 px wide at any zoom.
 */
function drawUncertain(f: Frame, x: number, width: number, band: { y: number; height: number }) {
  setFill(f, f.scene.colors.uncertain ?? '#ffb224');
  f.ctx.fillRect(x, band.y, Math.max(width, 3), UNCERTAIN_BAR_PX);
}

/** Dashes of a conflict's outline: nothing else on the timeline is dashed. */
const CONFLICT_DASH = [5, 3];

/**
 * A merge conflict: a dashed 2 px outline around the box, outside the fill so it reads on any
 * style (selected, problem), with a dark inner line to part it from the box's own colours.
 */
function drawConflict(f: Frame, x: number, width: number, band: { y: number; height: number }) {
  const { ctx, scene } = f;
  const w = Math.max(width, 2);
  if (w >= 6) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = scene.colors.background;
    ctx.strokeRect(x + 0.5, band.y + 0.5, w - 1, band.height - 1);
  }
  ctx.lineWidth = 2;
  ctx.strokeStyle = scene.colors.conflict;
  ctx.setLineDash?.(CONFLICT_DASH);
  ctx.strokeRect(x - 1, band.y - 1, w + 2, band.height + 2);
  ctx.setLineDash?.([]);
  ctx.lineWidth = 1;
}

/** First index of a sorted array whose value is >= t. */
/** Onsets above this strength are strong (the same share as snapping's `strongAbove`). */
const STRONG_ONSET = DEFAULT_SNAP_TUNING.strongAbove;

function lowerBound(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Vocal onsets as faint ticks along the ruler's lower edge: only those in view (binary search),
 * one per pixel column at most (a strong one wins its column), and neighbouring columns of one
 * kind as one rect: zoomed out, an hour's ticks are a few runs, not a rect per column (each small
 * rect cost a software canvas about a microsecond to rasterise). Returns the columns ticked.
 */
export function renderOnsetTicks(ctx: Canvas2D, scene: TimelineScene): number {
  const onsets = scene.onsets;
  if (!onsets || onsets.length === 0) return 0;
  const { view, colors } = scene;
  const strengths =
    scene.onsetStrengths?.length === onsets.length ? scene.onsetStrengths : undefined;
  const end = view.startTime + view.width / view.pxPerSecond;
  ctx.fillStyle = colors.onset;
  const ticks = new TickRuns(ctx);
  for (let i = lowerBound(onsets, view.startTime); i < onsets.length; i++) {
    const t = onsets[i] ?? Infinity;
    if (t > end) break;
    // Strong onsets (the ones drags snap to at every zoom) are long ticks, weak ones short.
    const strong = strengths === undefined || (strengths[i] ?? 1) > STRONG_ONSET;
    ticks.add(Math.round((t - view.startTime) * view.pxPerSecond), strong);
  }
  return ticks.finish();
}

/** Onset ticks gathered per whole CSS-px column, painted as runs of one kind. */
class TickRuns {
  private column = -Infinity;
  private strong = false;
  private runStart = 0;
  private runEnd = -Infinity;
  private runStrong = false;
  private columns = 0;
  constructor(private readonly ctx: Canvas2D) {}

  add(x: number, strong: boolean): void {
    if (x === this.column) {
      this.strong ||= strong;
      return;
    }
    this.close();
    this.column = x;
    this.strong = strong;
    this.columns++;
  }

  /** The column gathered joins the run (next to it, same kind) or the run is painted. */
  private close(): void {
    if (this.column === -Infinity) return;
    if (this.column !== this.runEnd || this.strong !== this.runStrong) {
      this.paint();
      this.runStart = this.column;
      this.runStrong = this.strong;
    }
    this.runEnd = this.column + 1;
  }

  private paint(): void {
    if (this.runEnd === -Infinity) return;
    const width = this.runEnd - this.runStart;
    if (this.runStrong) this.ctx.fillRect(this.runStart, RULER_HEIGHT - 9, width, 8);
    else this.ctx.fillRect(this.runStart, RULER_HEIGHT - 5, width, 4);
  }

  finish(): number {
    this.close();
    this.paint();
    return this.columns;
  }
}

/** The outline a dragged word leaves at its committed place. */
function drawGhost(f: Frame, item: TimelineItem): void {
  flushRuns(f);
  const { view, colors } = f.scene;
  const band = laneBand(
    laneOf(item, f.scene.laneMode, f.layout.laneCount, f.scene.singerLanes),
    f.layout,
  );
  const x = (item.start - view.startTime) * view.pxPerSecond;
  const width = Math.max(1, (item.end - item.start) * view.pxPerSecond);
  f.ctx.strokeStyle = colors.preview;
  f.ctx.lineWidth = 1;
  f.ctx.strokeRect(x + 0.5, band.y + 0.5, width - 1, band.height - 1);
}

function flushLabels(f: Frame): void {
  const { ctx } = f;
  ctx.fillStyle = f.scene.colors.itemText;
  f.fill = f.scene.colors.itemText;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (let k = 0; k < f.labelText.length; k++) {
    ctx.fillText(f.labelText[k] ?? '', f.labelX[k] ?? 0, f.labelY[k] ?? 0);
  }
  f.stats.labels += f.labelText.length;
  f.labelText.length = 0;
  f.labelX.length = 0;
  f.labelY.length = 0;
}

/** Per context, label widths measured in LABEL_FONT: once per word, not once per zoom frame. */
const labelWidths = new WeakMap<Canvas2D, Map<string, number>>();
/** Words remembered per context before the memory starts again (a song has a few thousand). */
const MAX_LABEL_WIDTHS = 20_000;

function labelWidth(ctx: Canvas2D, text: string): number {
  let widths = labelWidths.get(ctx);
  if (!widths || widths.size > MAX_LABEL_WIDTHS)
    labelWidths.set(ctx, (widths = new Map<string, number>()));
  let width = widths.get(text);
  if (width === undefined) widths.set(text, (width = ctx.measureText(text).width));
  return width;
}

/** The label that fits `room` px: whole, or cut with an ellipsis; measured only when in doubt. */
function fitLabel(f: Frame, text: string, room: number): string | null {
  if (room < f.charWidth) return null;
  if (text.length * f.charWidth <= room * 0.8) return text;
  const full = labelWidth(f.ctx, text);
  if (full <= room) return text;
  const chars = Math.floor((text.length * room) / full) - 1;
  return chars >= 1 ? `${text.slice(0, chars)}…` : null;
}

/** The background, the alternate lanes' shading, the ruler and the onset ticks. */
function paintBackground(ctx: Canvas2D, scene: TimelineScene, layout: LaneLayout): void {
  const { view, colors } = scene;
  ctx.setTransform(view.devicePixelRatio, 0, 0, view.devicePixelRatio, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, view.width, view.height);
  ctx.fillStyle = colors.laneAlt;
  for (let lane = 1; lane < layout.laneCount; lane += 2) {
    ctx.fillRect(0, layout.top + lane * layout.laneHeight, view.width, layout.laneHeight);
  }
  renderRuler(ctx, view, colors);
  renderOnsetTicks(ctx, scene);
}

/** A frame's drawing state, with the label font set and its mean character width measured. */
function startFrame(ctx: Canvas2D, scene: TimelineScene, layout: LaneLayout): Frame {
  setFont(ctx, LABEL_FONT);
  const sample = 'etaoinshrdlu';
  const charWidth = Math.max(1, labelWidth(ctx, sample) / sample.length);
  return {
    ctx,
    scene,
    layout,
    lastPlainPx: new Float64Array(layout.laneCount).fill(-Infinity),
    runStart: new Float64Array(layout.laneCount),
    runEnd: new Float64Array(layout.laneCount),
    runFill: new Array<string | null>(layout.laneCount).fill(null),
    labelX: [],
    labelY: [],
    labelText: [],
    charWidth,
    fill: '',
    stats: { drawn: 0, skipped: 0, labels: 0, visited: 0, blocks: 0 },
  };
}

/** The dragged words at their previewed place, over the static items. */
function paintPreview(f: Frame, viewEnd: number): void {
  const { view, items, preview } = f.scene;
  if (preview?.kind === 'shift') {
    const d = preview.deltaSeconds;
    for (let i = f.scene.firstVisibleIndex(view.startTime - d); i < items.count; i++) {
      const item = items.itemAt(i);
      if (item.start + d > viewEnd) break;
      if (!preview.keys.has(item.key) || item.end + d < view.startTime) continue;
      drawItem(f, item, 'preview', false, d);
    }
  } else if (preview?.kind === 'replace') {
    for (const item of preview.items.values()) {
      if (item.end >= view.startTime && item.start <= viewEnd) {
        drawItem(f, item, 'preview');
      }
    }
  }
}

/** The line at the time a drag snaps to. */
function paintSnapGuide(f: Frame): void {
  const { view, colors, snapGuide } = f.scene;
  if (snapGuide == null) return;
  const x = Math.round((snapGuide - view.startTime) * view.pxPerSecond);
  f.ctx.fillStyle = colors.snapGuide;
  f.ctx.fillRect(x, f.layout.top, 1, view.height - f.layout.top);
}

/**
 * After a skipped sub-pixel word at `i`: every lane has painted up to some column, so the words
 * that start before its end and are under a pixel wide would be skipped one by one (none of them
 * marked): the index to go on from (`i` when there is no jump).
 */
function jumpFrom(
  f: Frame,
  i: number,
  item: TimelineWord,
  marked: Int32Array,
  nextMarked: number,
  blockEnd: number,
): number {
  const { view, skipTo, items } = f.scene;
  let painted = Infinity;
  for (let lane = 0; lane < f.lastPlainPx.length; lane++)
    painted = Math.min(painted, f.lastPlainPx[lane] ?? -Infinity);
  if (painted === -Infinity || !skipTo) return i;
  const columnSeconds = 1 / (view.pxPerSecond * view.devicePixelRatio);
  // just short of the next column: rounding never moves a word of it into this one
  const time = view.startTime + (painted + 0.999) * columnSeconds;
  // A lane still behind this word's column: the words after it start later still, nothing to
  // pass (skipTo would answer i + 1; zoomed out, most calls were these).
  if (item.start >= time) return i;
  let next = nextMarked;
  while (next < marked.length && (marked[next] ?? 0) <= i) next++;
  // nor past the block's end: the next block may be painted from its runs (paintBlock)
  const limit = Math.min(marked[next] ?? items.count, blockEnd);
  const to = Math.min(limit, skipTo(i + 1, time, view.pxPerSecond));
  if (to <= i + 1) return i;
  f.stats.skipped += to - i - 1;
  return to - 1;
}

/**
 * Zoomed out, a block of words (lod.ts) painted from its runs at `level` instead of word by word:
 * when every word of it is plain (none marked), under a pixel wide, and in view. Each run adds
 * the columns from its first word's to its last's to its lane's run, as reading its words one by
 * one does (the same calls, the same counts); false when the block must be read.
 */
function paintBlock(
  f: Frame,
  lod: BlockLod,
  level: number,
  lanes: LaneRule,
  viewEnd: number,
): boolean {
  const { view, colors } = f.scene;
  const pps = view.pxPerSecond;
  const dpr = view.devicePixelRatio;
  const st = view.startTime;
  // (below a device pixel ratio of 1, neighbouring columns are not one run: read them)
  if (lod.longest * pps >= 1 || lod.firstStart < st || lod.lastStart > viewEnd || dpr < 1)
    return false;
  const runs = lod.runs(level, lanes).data;
  const singers = colors.singers;
  // per run: first word's start, last word's start, lane, singer, words (lod.ts RUN_FIELDS)
  for (let r = 0; r < runs.length; r += RUN_FIELDS) {
    const lane = runs[r + 2] ?? 0;
    const words = runs[r + 4] ?? 0;
    // the column of a word as drawItem computes it
    const c0 = Math.floor(((runs[r] ?? 0) - st) * pps * dpr);
    const c1 = Math.floor(((runs[r + 1] ?? 0) - st) * pps * dpr);
    const painted = f.lastPlainPx[lane] ?? -Infinity;
    const p0 = c0 > painted ? c0 : painted + 1;
    if (c1 < p0) {
      f.stats.skipped += words;
      continue;
    }
    const singer = runs[r + 3] ?? -1;
    const fill =
      singer >= 0 && singers?.length
        ? (singers[singer % singers.length] ?? colors.item)
        : colors.item;
    addToRun(f, lane, p0, fill);
    if (c1 > p0) f.runEnd[lane] = Math.max(f.runEnd[lane] ?? -Infinity, c1 / dpr + 1);
    f.lastPlainPx[lane] = c1;
    const drawn = c1 - p0 + 1;
    f.stats.drawn += drawn;
    f.stats.skipped += words - drawn;
  }
  f.stats.blocks++;
  return true;
}

/**
 * What to paint: `all`; `base`, everything under the drag (background, ruler, the words, the
 * dragged words' outlines at their committed place); `top`, the drag's preview and snap guide
 * alone, over a copy of the base (TimelineEngine keeps the base while only the drag moves).
 * `base` then `top` paints what `all` paints, call for call.
 */
export type RenderPart = 'all' | 'base' | 'top';

/**
 * Paints the static scene: ruler, lanes, the visible items (binary-search culled), labels where
 * they fit, and the drag preview on top. The playhead is drawn by renderOverlay on another canvas.
 */
export function renderTimeline(
  ctx: Canvas2D,
  scene: TimelineScene,
  part: RenderPart = 'all',
): RenderStats {
  const { view } = scene;
  const layout = laneLayout(view, scene.laneCount);
  const viewEnd = view.startTime + view.width / view.pxPerSecond;
  let f: Frame;
  if (part === 'top') {
    ctx.setTransform(view.devicePixelRatio, 0, 0, view.devicePixelRatio, 0, 0);
    f = startFrame(ctx, scene, layout);
  } else {
    paintBackground(ctx, scene, layout);
    f = startFrame(ctx, scene, layout);
    paintWords(f, viewEnd);
    flushRuns(f);
    // Labels of the static items go under the preview, so a word dragged over another stays legible.
    flushLabels(f);
    if (part === 'base') return f.stats;
  }
  paintPreview(f, viewEnd);
  flushRuns(f);
  flushLabels(f);
  paintSnapGuide(f);
  return f.stats;
}

/** The words in view, each where it is (the dragged ones as outlines). */
function paintWords(f: Frame, viewEnd: number): void {
  const { scene } = f;
  const { view, items } = scene;
  const preview = scene.preview;
  // Zoomed out (a device pixel holds more than a word), jump over the words that would only
  // repaint columns painted in every lane: a frame over 100,000 words reads a few per column.
  const columnSeconds = 1 / (view.pxPerSecond * view.devicePixelRatio);
  const marked =
    scene.skipTo && columnSeconds > 0.01 && Number.isFinite(columnSeconds)
      ? markedIndexes(scene)
      : null;
  let nextMarked = 0;
  const byWord = items.wordAt !== undefined;
  // Zoomed out, whole blocks of plain sub-pixel words are painted from their runs (lod.ts).
  const level = marked && scene.blocks ? lodLevel(columnSeconds) : -1;
  const blocks = level >= 0 ? scene.blocks : undefined;
  const lanes = blocks ? laneRuleOf(scene) : null;
  let blockEnd = blocks ? -1 : Infinity;
  for (let i = scene.firstVisibleIndex(view.startTime); i < items.count; i++) {
    if (blocks && lanes && marked && i >= blockEnd) {
      const b = blocks.blockOf(i);
      blockEnd = blocks.start(b + 1);
      if (blocks.start(b) === i && blockEnd > i) {
        let m = nextMarked;
        while (m < marked.length && (marked[m] ?? 0) < i) m++;
        if (
          !((marked[m] ?? Infinity) < blockEnd) &&
          paintBlock(f, blocks.lod(b), level, lanes, viewEnd)
        ) {
          i = blockEnd - 1;
          continue;
        }
      }
    }
    // Zoomed out, most words are in no set: known from the marked indexes, no look in each, and
    // read without a timeline item made for them (`wordAt`).
    let unmarked = false;
    if (marked) {
      while (nextMarked < marked.length && (marked[nextMarked] ?? 0) < i) nextMarked++;
      unmarked = marked[nextMarked] !== i;
    }
    const item = unmarked && byWord ? items.wordAt!(i) : items.itemAt(i);
    f.stats.visited++;
    if (item.start > viewEnd) break;
    if (item.end < view.startTime) continue;
    const full = unmarked ? null : (item as TimelineItem);
    const moving =
      full !== null &&
      ((preview?.kind === 'shift' && preview.keys.has(full.key)) ||
        (preview?.kind === 'replace' && preview.items.has(full.key)));
    if (moving) drawGhost(f, full);
    else {
      const skipped = f.stats.skipped;
      drawItem(f, item, full ? styleOf(full, scene) : 'plain', unmarked);
      if (marked && f.stats.skipped !== skipped)
        i = jumpFrom(f, i, item, marked, nextMarked, blockEnd);
    }
  }
}
