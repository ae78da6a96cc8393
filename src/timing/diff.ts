import type { AlignmentItem } from '../contract';
import type { Change } from './change';
import type { Chunk, TimingDoc } from './doc';
import { compareItems } from './item-key';
import { sameItem } from './merge-item';

/**
 * The change that turns `a` into `b`. Chunks shared by both versions are skipped whole, so the
 * cost is about what changed (plus the chunk count), not the document size.
 */
export function diffDocs(a: TimingDoc, b: TimingDoc): Change {
  const steps = diffSteps(a, b, Infinity);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * `diffDocs` in slices: yields after about `stepItems` compared items so a caller can spread a
 * large diff over several tasks (the documents are immutable, so this is safe).
 */
export function* diffSteps(a: TimingDoc, b: TimingDoc, stepItems: number): Generator<void, Change> {
  let budget = stepItems;
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  let ca = 0;
  let ia = 0;
  let cb = 0;
  let ib = 0;
  const at = (chunks: readonly Chunk[], c: number, i: number) => chunks[c]?.[i];
  const step = (side: 'a' | 'b') => {
    if (side === 'a') {
      if (++ia >= (a.chunks[ca]?.length ?? 0)) [ca, ia] = [ca + 1, 0];
    } else if (++ib >= (b.chunks[cb]?.length ?? 0)) [cb, ib] = [cb + 1, 0];
  };
  for (;;) {
    if (ia === 0 && ib === 0 && ca < a.chunks.length && a.chunks[ca] === b.chunks[cb]) {
      ca++;
      cb++;
      continue;
    }
    const x = at(a.chunks, ca, ia);
    const y = at(b.chunks, cb, ib);
    if (!x && !y) break;
    if (--budget <= 0) {
      yield;
      budget = stepItems;
    }
    // Equal content counts as unchanged: versions built apart (a reload, a rebase) share no objects.
    if (x && y && (x === y || (compareItems(x, y) === 0 && sameItem(x, y)))) {
      step('a');
      step('b');
    } else if (x && (!y || compareItems(x, y) <= 0)) {
      removed.push(x);
      step('a');
    } else if (y) {
      added.push(y);
      step('b');
    }
  }
  const estimatedOff = [...a.estimated].filter((k) => !b.estimated.has(k));
  const estimatedOn = [...b.estimated].filter((k) => !a.estimated.has(k));
  return { removed, added, estimatedOff, estimatedOn };
}
