import type { AlignmentItem } from '../contract';
import type { Change } from './change';
import { diffDocs } from './diff';
import { createDoc, getItem, type TimingDoc } from './doc';
import { compareItems, keyOf, reviseItem } from './item-key';
import {
  mergeItem,
  sameItem,
  type MergeConflict,
  type MergeResult,
  type Replacement,
} from './merge-item';

export type { MergeConflict, MergeField, MergeResult, Replacement } from './merge-item';
export { sameItem } from './merge-item';

interface SideChanges {
  /** Base versions of the items this side changed or deleted, by key. */
  readonly before: Map<string, AlignmentItem>;
  /** This side's versions of the items it changed or added, by key. */
  readonly after: Map<string, AlignmentItem>;
}

function sideChanges(base: TimingDoc, side: TimingDoc): SideChanges {
  const diff = diffDocs(base, side);
  const before = new Map<string, AlignmentItem>();
  const after = new Map<string, AlignmentItem>();
  for (const item of diff.removed) before.set(keyOf(item), item);
  for (const item of diff.added) after.set(keyOf(item), item);
  return { before, after };
}

/**
 * Three-way merge by identity and by field. A change on one side is taken, the same change on
 * both is taken once, disjoint field changes of one item are combined; the rest are conflicts.
 * Works on what each side changed (diffs that skip shared chunks), so two edited 100,000-item
 * documents merge in about the time of one comparison pass. The result edits `mine`.
 */
export function mergeDocs(base: TimingDoc, mine: TimingDoc, theirs: TimingDoc): MergeResult {
  const m = sideChanges(base, mine);
  const t = sideChanges(base, theirs);
  const ids = serviceGivenIds(base, mine, theirs, t);
  const replacements: Replacement[] = [];
  const conflicts: MergeConflict[] = [];
  const keys = new Set([
    ...m.before.keys(),
    ...m.after.keys(),
    ...t.before.keys(),
    ...t.after.keys(),
  ]);
  for (const key of keys) {
    const b = m.before.get(key) ?? t.before.get(key);
    const mineChanged = m.before.has(key) || m.after.has(key);
    const theirsChanged = t.before.has(key) || t.after.has(key);
    const mi = mineChanged ? m.after.get(key) : b;
    const ti = theirsChanged ? t.after.get(key) : b;
    if (mi === ti || sameItem(mi, ti) || !theirsChanged || sameItem(ti, b)) continue;
    // The object mine holds (equal to base when mine did not change it).
    const held = mineChanged ? mi : getItem(mine, key);
    if (!mineChanged || sameItem(mi, b)) {
      replacements.push([held, ti]);
      continue;
    }
    if (!mi || !ti) {
      const kind = mi ? 'edit-delete' : 'delete-edit';
      conflicts.push({
        key,
        kind,
        fields: [],
        base: b,
        mine: mi,
        theirs: ti,
        resolved: { mine: mi, theirs: ti },
      });
      continue;
    }
    const out = mergeItem(key, b, mi, ti);
    if ('key' in out) conflicts.push(out);
    else if (out[0] !== out[1]) replacements.push(out);
  }
  return ids.size ? withGivenIds(ids, mine, replacements, conflicts) : { replacements, conflicts };
}

const positionOf = (item: AlignmentItem) => `${item.line}/${item.word}/${item.subword}`;

/**
 * Words that were sent without an id come back from the service with one it gave them (ours
 * does: `withIds`). Theirs then holds a word under a new id where base or mine holds it, id-less,
 * under its position; keyed apart, the merge would see one word deleted and another added, and
 * keep both. Such a word of theirs is keyed by its position instead, its id taken off for the
 * merge (which then sees what really changed) and given back to the result (returned: position ->
 * id). Mutates `t`.
 */
function serviceGivenIds(
  base: TimingDoc,
  mine: TimingDoc,
  theirs: TimingDoc,
  t: SideChanges,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [key, item] of [...t.after]) {
    if (item.id === undefined || getItem(base, key) || getItem(mine, key)) continue;
    const at = positionOf(item);
    if (ids.has(at) || getItem(theirs, at)) continue;
    if (!getItem(mine, at) && !getItem(base, at)) continue;
    ids.set(at, item.id);
    t.after.delete(key);
    t.after.set(at, reviseItem(item, { id: undefined }));
  }
  return ids;
}

/** The merge's result with the service's ids on the words that were id-less (see above). */
function withGivenIds(
  ids: ReadonlyMap<string, string>,
  mine: TimingDoc,
  replacements: Replacement[],
  conflicts: MergeConflict[],
): MergeResult {
  const give = (item: AlignmentItem | undefined) => {
    const id = item && item.id === undefined ? ids.get(keyOf(item)) : undefined;
    return id === undefined || !item ? item : reviseItem(item, { id });
  };
  const touched = new Set<AlignmentItem>();
  const out: Replacement[] = replacements.map(([from, to]) => {
    if (from) touched.add(from);
    return [from, give(to)];
  });
  const conflicted = new Set(conflicts.map((c) => c.key));
  for (const at of ids.keys()) {
    const held = getItem(mine, at);
    if (held && !touched.has(held) && !conflicted.has(at)) out.push([held, give(held)]);
  }
  // A conflict's key is the word's key in the merged doc (the dialog finds it by that key).
  const given = conflicts.map((c) => ({
    ...c,
    key: ids.get(c.key) ?? c.key,
    resolved: { mine: give(c.resolved.mine), theirs: give(c.resolved.theirs) },
  }));
  return { replacements: out, conflicts: given };
}

/** `mergeDocs` for plain item arrays (replacements refer to the objects of `mine`). */
export function merge(
  base: readonly AlignmentItem[],
  mine: readonly AlignmentItem[],
  theirs: readonly AlignmentItem[],
): MergeResult {
  return mergeDocs(createDoc(base), createDoc(mine), createDoc(theirs));
}

export type ConflictChoices = Readonly<Record<string, 'mine' | 'theirs'>> | 'mine' | 'theirs';

/** Every replacement of `mine`, conflicts resolved by choice (per key, or one for all; default mine). */
export function resolveMerge(result: MergeResult, choices: ConflictChoices): Replacement[] {
  const out: Replacement[] = [...result.replacements];
  for (const c of result.conflicts) {
    const side = typeof choices === 'string' ? choices : (choices[c.key] ?? 'mine');
    const item = c.resolved[side];
    if (item !== c.mine) out.push([c.mine, item]);
  }
  return out;
}

export function replacementsToChange(replacements: readonly Replacement[]): Change {
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  for (const [from, to] of replacements) {
    if (from) removed.push(from);
    if (to) added.push(to);
  }
  return { removed, added, estimatedOff: [], estimatedOn: [] };
}

/** The merged item list, sorted in document order. */
export function mergedItems(
  mine: readonly AlignmentItem[],
  replacements: readonly Replacement[],
): AlignmentItem[] {
  const gone = new Set<AlignmentItem>();
  const added: AlignmentItem[] = [];
  for (const [from, to] of replacements) {
    if (from) gone.add(from);
    if (to) added.push(to);
  }
  return [...mine.filter((x) => !gone.has(x)), ...added].sort(compareItems);
}
