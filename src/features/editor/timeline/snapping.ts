import type { TimelineScene } from './types';

/**
 * Snapping with ranked targets. A drag collects its targets once (`buildSnapIndex`) into three
 * sorted typed arrays, strongest class first; each pointer move then asks `snapEdges`, which only
 * binary-searches them (no allocation but the result).
 *
 * - Word edges and the playhead: the user's radius (`radiusPx`, 12 px by default).
 * - Strong onsets (the top of the song's onsets by strength): half that radius.
 * - Weak onsets: a third of it, and only from `weakOnsetMinPxPerSecond` on (zoomed in); below it a
 *   word can be placed freely between the onsets the ruler shows.
 * - Onsets are thinned for the zoom of the drag: of two onsets closer than `onsetSpacingPx` on
 *   screen only the stronger one is a target, so zoomed out the targets never carpet the line.
 * - A class wins over a weaker one whenever it has a target within its radius, however near the
 *   weaker one is: a word edge 9 px away beats a weak onset 1 px away.
 * - A target at a dragged edge's own starting time is no target: it would hold the word in place
 *   (touching neighbours made every small move impossible). Escape or undo go back there.
 * - Alt held during a drag bypasses snapping (`isSnapBypassed` in pointer-tool.ts).
 */
export type SnapKind = 'edge' | 'onset';

export interface SnapResult {
  /** Seconds to add to the moving edges. */
  delta: number;
  /** The time snapped to (drawn as a guide). */
  target: number;
  /** Word edge or playhead ('edge'), or a vocal onset. */
  kind: SnapKind;
}

export interface SnapTuning {
  /** Radius of word edges and the playhead, in CSS px (the store's `snapThresholdPx`). */
  radiusPx: number;
  /** Radius of strong onsets. */
  strongOnsetRadiusPx: number;
  /** Radius of weak onsets (when they take part at all). */
  weakOnsetRadiusPx: number;
  /** Of two onsets closer than this on screen only the stronger one is a target. */
  onsetSpacingPx: number;
  /** Onsets whose strength (rank share in the song, 1 = strongest) is above this are strong. */
  strongAbove: number;
  /** Weak onsets are targets only from this zoom on. */
  weakOnsetMinPxPerSecond: number;
}

/** Tuning for a given edge radius: onsets get half (strong) and a third (weak) of it. */
export function snapTuning(radiusPx = 12): SnapTuning {
  return {
    radiusPx,
    strongOnsetRadiusPx: radiusPx / 2,
    weakOnsetRadiusPx: radiusPx / 3,
    onsetSpacingPx: 2 * radiusPx,
    strongAbove: 0.6,
    weakOnsetMinPxPerSecond: 240,
  };
}

export const DEFAULT_SNAP_TUNING: SnapTuning = snapTuning(12);

/** The targets of one drag, by class, each sorted ascending. */
export interface SnapIndex {
  /** The zoom the onsets were thinned for. */
  readonly pxPerSecond: number;
  /** The view's start when collected (targets reach one screen either side of that view). */
  readonly startTime: number;
  readonly edges: Float64Array;
  readonly strongOnsets: Float64Array;
  readonly weakOnsets: Float64Array;
}

export const EMPTY_SNAP_INDEX: SnapIndex = {
  pxPerSecond: NaN,
  startTime: NaN,
  edges: new Float64Array(0),
  strongOnsets: new Float64Array(0),
  weakOnsets: new Float64Array(0),
};

/** First index whose value is >= t (sorted ascending). */
export function lowerBound(sorted: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The value nearest to `t` in a sorted array (NaN when empty). */
function nearest(sorted: ArrayLike<number>, t: number): number {
  const i = lowerBound(sorted, t);
  const after = i < sorted.length ? (sorted[i] as number) : Infinity;
  const before = i > 0 ? (sorted[i - 1] as number) : -Infinity;
  if (after === Infinity && before === -Infinity) return NaN;
  return t - before <= after - t ? before : after;
}

/** Held in place: within this of a dragged edge's starting time (seconds). */
const HELD_EPSILON = 1e-4;
const isHeld = (t: number, held: readonly number[]) => {
  for (const h of held) if (Math.abs(t - h) <= HELD_EPSILON) return true;
  return false;
};

export interface SnapSources {
  /** The words being dragged: their edges are no targets. */
  exclude: ReadonlySet<string>;
  /** Starting times of the dragged edges: nothing there is a target (it would hold them). */
  held?: readonly number[];
  playheadTime: number | null;
  /** Sorted vocal onsets (seconds). */
  onsets?: readonly number[];
  /** Per onset its strength, 1 = strongest; missing: every onset counts as strong. */
  strengths?: readonly number[];
}

/**
 * The targets of a drag near the view (one screen either side: the pointer may carry an edge that
 * far), ranked and thinned for the view's zoom. Called once when a drag starts.
 */
export function buildSnapIndex(
  scene: Pick<TimelineScene, 'items' | 'firstVisibleIndex' | 'view'>,
  sources: SnapSources,
  tuning: SnapTuning = DEFAULT_SNAP_TUNING,
): SnapIndex {
  const { view, items } = scene;
  const pps = view.pxPerSecond;
  const span = view.width / pps;
  const from = view.startTime - span;
  const to = view.startTime + 2 * span;
  const held = sources.held ?? [];

  let n = 0;
  let edges = new Float64Array(256);
  const checkHeld = held.length > 0;
  for (let i = scene.firstVisibleIndex(from); i < items.count; i++) {
    const item = items.itemAt(i);
    if (item.start > to) break;
    if (sources.exclude.has(item.key)) continue;
    if (n + 2 > edges.length) {
      const grown = new Float64Array(edges.length * 2);
      grown.set(edges);
      edges = grown;
    }
    if (!checkHeld || !isHeld(item.start, held)) edges[n++] = item.start;
    if (!checkHeld || !isHeld(item.end, held)) edges[n++] = item.end;
  }
  const playhead = sources.playheadTime;
  if (playhead !== null && !isHeld(playhead, held)) {
    if (n === edges.length) {
      const grown = new Float64Array(n + 1);
      grown.set(edges);
      edges = grown;
    }
    edges[n++] = playhead;
  }

  const { strong, weak } = thinOnsets(sources, from, to, pps, held, tuning);
  return {
    pxPerSecond: pps,
    startTime: view.startTime,
    edges: edges.slice(0, n).sort(),
    strongOnsets: strong,
    weakOnsets: weak,
  };
}

/**
 * A drag's targets must be collected again: the zoom changed (onsets are thinned per zoom), or the
 * view scrolled more than half a screen since (auto-scroll carries the drag beyond the targets).
 */
export function snapIndexStale(index: SnapIndex, view: TimelineScene['view']): boolean {
  return (
    index.pxPerSecond !== view.pxPerSecond ||
    Math.abs(view.startTime - index.startTime) * view.pxPerSecond > view.width / 2
  );
}

/**
 * The onsets in [from, to] that are targets at this zoom, split into strong and weak. One pass in
 * time order, no sort: of two onsets closer than `onsetSpacingPx` on screen the stronger one stays
 * (the earlier one on a tie), so the kept ones are always at least that far apart.
 */
export function thinOnsets(
  sources: Pick<SnapSources, 'onsets' | 'strengths'>,
  from: number,
  to: number,
  pxPerSecond: number,
  held: readonly number[] = [],
  tuning: SnapTuning = DEFAULT_SNAP_TUNING,
): { strong: Float64Array; weak: Float64Array } {
  const onsets = sources.onsets ?? [];
  const strengths = sources.strengths;
  const ranked = strengths !== undefined && strengths.length === onsets.length;
  const lo = lowerBound(onsets, from);
  const hi = lowerBound(onsets, to + 1e-9);
  const spacing = tuning.onsetSpacingPx / pxPerSecond;
  const weakAllowed = pxPerSecond >= tuning.weakOnsetMinPxPerSecond;

  const kept = new Float64Array(Math.max(0, hi - lo));
  const keptStrength = new Float64Array(kept.length);
  let n = 0;
  for (let i = lo; i < hi; i++) {
    const t = onsets[i] as number;
    if (isHeld(t, held)) continue;
    const strength = ranked ? (strengths[i] ?? 1) : 1;
    if (n > 0 && t - (kept[n - 1] as number) < spacing) {
      // Too near the last one kept: the stronger of the two stays.
      if (strength > (keptStrength[n - 1] as number)) {
        kept[n - 1] = t;
        keptStrength[n - 1] = strength;
      }
      continue;
    }
    kept[n] = t;
    keptStrength[n] = strength;
    n++;
  }
  let strongCount = 0;
  let weakCount = 0;
  for (let k = 0; k < n; k++) {
    if ((keptStrength[k] as number) > tuning.strongAbove) strongCount++;
    else if (weakAllowed) weakCount++;
  }
  const strong = new Float64Array(strongCount);
  const weak = new Float64Array(weakCount);
  strongCount = 0;
  weakCount = 0;
  for (let k = 0; k < n; k++) {
    const t = kept[k] as number;
    if ((keptStrength[k] as number) > tuning.strongAbove) strong[strongCount++] = t;
    else if (weakAllowed) weak[weakCount++] = t;
  }
  return { strong, weak };
}

/**
 * Where the moving edges snap, if anywhere: the strongest class with a target within its radius
 * (on screen) of any moving edge wins; within a class the nearest target. Binary searches only.
 */
export function snapEdges(
  moving: readonly number[],
  index: SnapIndex,
  pxPerSecond: number,
  tuning: SnapTuning = DEFAULT_SNAP_TUNING,
): SnapResult | null {
  return (
    nearestWithin(moving, index.edges, tuning.radiusPx, pxPerSecond, 'edge') ??
    nearestWithin(moving, index.strongOnsets, tuning.strongOnsetRadiusPx, pxPerSecond, 'onset') ??
    nearestWithin(moving, index.weakOnsets, tuning.weakOnsetRadiusPx, pxPerSecond, 'onset')
  );
}

/** The target of one class nearest to any moving edge, if within `radiusPx` on screen. */
function nearestWithin(
  moving: readonly number[],
  targets: Float64Array,
  radiusPx: number,
  pxPerSecond: number,
  kind: SnapKind,
): SnapResult | null {
  if (targets.length === 0) return null;
  let best: SnapResult | null = null;
  let bestPx = radiusPx;
  for (const edge of moving) {
    const target = nearest(targets, edge);
    if (Number.isNaN(target)) continue;
    const px = Math.abs(target - edge) * pxPerSecond;
    if (px <= bestPx) {
      bestPx = px;
      best = { delta: target - edge, target, kind };
    }
  }
  return best;
}
