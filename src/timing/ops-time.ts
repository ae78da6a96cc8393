import type { AlignmentItem } from '../contract';
import { EMPTY_CHANGE, planned, type Change } from './change';
import { findKey, getItem, itemAtSlot, type TimingDoc } from './doc';
import { keyOf, withTimes } from './item-key';
import { neighbour, pushChain, singerOf } from './neighbours';
import { DEFAULT_NUDGE_STEPS, type EditSettings, type NudgeSteps } from './op-types';

const clamp = (t: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, t));

/** A change replacing old items by new ones; timing edits clear the estimated flag. */
export function replaceChange(
  doc: TimingDoc,
  pairs: readonly [AlignmentItem, AlignmentItem][],
): Change {
  // The same old item twice (a pushed neighbour that also moved): the last replacement wins.
  const byOld = new Map<AlignmentItem, AlignmentItem>();
  for (const [from, to] of pairs) if (from !== to) byOld.set(from, to);
  if (!byOld.size) return EMPTY_CHANGE;
  return changeOf(doc, [...byOld.keys()], [...byOld.values()]);
}

/** The change replacing `removed[i]` by `added[i]` (distinct old items, each changed). */
function changeOf(doc: TimingDoc, removed: AlignmentItem[], added: AlignmentItem[]): Change {
  const estimatedOff = doc.estimated.size
    ? removed.map(keyOf).filter((k) => doc.estimated.has(k))
    : [];
  return { removed, added, estimatedOff, estimatedOn: [] };
}

/** The live items of `keys`, each once, in document order. */
export function itemsOf(doc: TimingDoc, keys: readonly string[]): AlignmentItem[] {
  return selectionOf(doc, keys).items;
}

/**
 * The live items of `keys`, each once, in document order, with their packed positions (ascending).
 * Positions, not a set of items: duplicates fall out of the sort, and `applyChange` reuses them.
 */
function selectionOf(
  doc: TimingDoc,
  keys: readonly string[],
): { items: AlignmentItem[]; at: Float64Array } {
  const found = new Float64Array(keys.length);
  let n = 0;
  for (const key of keys) {
    const at = findKey(doc, key);
    if (at >= 0) found[n++] = at;
  }
  found.subarray(0, n).sort();
  let m = 0;
  for (let i = 0; i < n; i++)
    if (i === 0 || found[i] !== found[m - 1]) found[m++] = found[i] as number;
  const at = found.subarray(0, m);
  const items: AlignmentItem[] = [];
  for (const p of at) items.push(itemAtSlot(doc, p));
  return { items, at };
}

export function moveItems(
  doc: TimingDoc,
  keys: readonly string[],
  requested: number,
  settings: EditSettings,
): Change {
  const { items, at } = selectionOf(doc, keys);
  if (!items.length || !requested) return EMPTY_CHANGE;
  let minStart = Infinity;
  let maxEnd = -Infinity;
  for (const item of items) {
    minStart = Math.min(minStart, item.start);
    maxEnd = Math.max(maxEnd, item.end);
  }
  let delta = clamp(requested, -minStart, Math.max(0, doc.duration - maxEnd));
  const skip = () => new Set(items.map(keyOf));
  if (settings.overlap === 'stop') {
    const moving = skip();
    for (const item of items) {
      const dir = delta > 0 ? 1 : -1;
      const n = neighbour(doc, item, dir, moving);
      if (!n) continue;
      delta =
        dir === 1
          ? Math.min(delta, Math.max(0, n.start - item.end))
          : Math.max(delta, Math.min(0, n.end - item.start));
    }
  }
  if (!delta) return EMPTY_CHANGE;
  const moved = items.map((item) => withTimes(item, item.start + delta, item.end + delta));
  if (settings.overlap !== 'push') return planned(doc, changeOf(doc, items, moved), at);
  const pairs = items.map((item, i): [AlignmentItem, AlignmentItem] => [item, moved[i]!]);
  pairs.push(...pushEdges(doc, pairs, delta > 0 ? 1 : -1, skip()));
  return replaceChange(doc, pairs);
}

/** Pushes neighbours away from the outermost moved item of each singer. */
function pushEdges(
  doc: TimingDoc,
  moved: readonly [AlignmentItem, AlignmentItem][],
  dir: 1 | -1,
  skip: ReadonlySet<string>,
): [AlignmentItem, AlignmentItem][] {
  const outer = new Map<number, [AlignmentItem, AlignmentItem]>();
  for (const pair of moved) {
    const s = singerOf(pair[0]);
    const best = outer.get(s);
    if (!best || (dir === 1 ? pair[1].end > best[1].end : pair[1].start < best[1].start))
      outer.set(s, pair);
  }
  const out: [AlignmentItem, AlignmentItem][] = [];
  for (const [from, to] of outer.values()) {
    out.push(...pushChain(doc, from, dir, dir === 1 ? to.end : to.start, skip));
  }
  return out;
}

export function nudgeItems(
  doc: TimingDoc,
  keys: readonly string[],
  delta: number,
  edge: 'both' | 'start' | 'end',
  settings: EditSettings,
): Change {
  if (edge === 'both') return moveItems(doc, keys, delta, settings);
  // Each word's edge moves on its own; neighbours are judged against the document before the nudge.
  const pairs: [AlignmentItem, AlignmentItem][] = [];
  for (const item of itemsOf(doc, keys)) {
    const t = (edge === 'start' ? item.start : item.end) + delta;
    const change = setEdge(doc, item, edge, t, settings);
    change.removed.forEach((old, i) => pairs.push([old, change.added[i] as AlignmentItem]));
  }
  return replaceChange(doc, pairs);
}

export function stepSize(step: keyof NudgeSteps, settings: EditSettings): number {
  return (settings.nudgeSteps ?? DEFAULT_NUDGE_STEPS)[step];
}

/** Sets one edge of a word, clamped to the other edge and to [0, duration]. */
export function setEdge(
  doc: TimingDoc,
  item: AlignmentItem,
  edge: 'start' | 'end',
  time: number,
  settings: EditSettings,
): Change {
  const skip = new Set([keyOf(item)]);
  if (edge === 'start') {
    let t = clamp(time, 0, item.end);
    const prev = neighbour(doc, item, -1, skip);
    if (settings.overlap === 'stop' && prev && prev.end <= item.start) t = Math.max(t, prev.end);
    const next = withTimes(item, t, item.end);
    const pushed = settings.overlap === 'push' ? pushChain(doc, item, -1, t, skip) : [];
    return replaceChange(doc, [[item, next], ...pushed]);
  }
  let t = clamp(time, item.start, doc.duration);
  const after = neighbour(doc, item, 1, skip);
  if (settings.overlap === 'stop' && after && after.start >= item.end) t = Math.min(t, after.start);
  const next = withTimes(item, item.start, t);
  const pushed = settings.overlap === 'push' ? pushChain(doc, item, 1, t, skip) : [];
  return replaceChange(doc, [[item, next], ...pushed]);
}

/** Rolling edit: the shared boundary of two touching words moves, both keep touching. */
export function roll(
  doc: TimingDoc,
  left: AlignmentItem,
  right: AlignmentItem,
  time: number,
): Change {
  if (left === right || right.end < left.start) return EMPTY_CHANGE;
  const t = clamp(time, left.start, right.end);
  return replaceChange(doc, [
    [left, withTimes(left, left.start, t)],
    [right, withTimes(right, t, right.end)],
  ]);
}

/** Maps the selection's span onto [start, end] proportionally. */
export function stretch(
  doc: TimingDoc,
  keys: readonly string[],
  start: number,
  end: number,
): Change {
  const items = itemsOf(doc, keys);
  if (!items.length) return EMPTY_CHANGE;
  const s1 = clamp(Math.min(start, end), 0, doc.duration);
  const e1 = clamp(Math.max(start, end), 0, doc.duration);
  const s0 = Math.min(...items.map((x) => x.start));
  const e0 = Math.max(...items.map((x) => x.end));
  const scale = e0 > s0 ? (e1 - s1) / (e0 - s0) : 0;
  const map = (t: number) => clamp(s1 + (t - s0) * scale, s1, e1);
  return replaceChange(
    doc,
    items.map((x) => [x, withTimes(x, map(x.start), map(x.end))]),
  );
}

export function tap(
  doc: TimingDoc,
  key: string,
  prevKey: string | undefined,
  time: number,
  latency: number,
): Change {
  const item = getItem(doc, key);
  if (!item) return EMPTY_CHANGE;
  const t = clamp(time - latency, 0, doc.duration);
  const pairs: [AlignmentItem, AlignmentItem][] = [
    [item, withTimes(item, t, Math.max(item.end, t))],
  ];
  const prev = prevKey === undefined ? undefined : getItem(doc, prevKey);
  if (prev && prev !== item)
    pairs.push([prev, withTimes(prev, prev.start, Math.max(prev.start, t))]);
  return replaceChange(doc, pairs);
}

export function holdEnd(doc: TimingDoc, key: string, time: number, latency: number): Change {
  const item = getItem(doc, key);
  if (!item) return EMPTY_CHANGE;
  const t = clamp(time - latency, item.start, doc.duration);
  return replaceChange(doc, [[item, withTimes(item, item.start, t)]]);
}
