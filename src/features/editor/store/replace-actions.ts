import type { AlignmentItem } from '../../../contract';
import { createDoc, diffSteps, withTimes, type Change, type TimingDoc } from '../../../timing';
import type { StoreKit } from './store-kit';
import type { EditorActions } from './types';

type ReplaceActions = Pick<EditorActions, 'replaceAll' | 'replaceAllInSlices'>;

/** The preparation of a replace yields after about this many items; as many as fit in a slice. */
const STEP_ITEMS = 2048;
const SLICE_MS = 8;

/**
 * What a replace commits, prepared from the document it was started on: the new document built
 * and diffed against it. Yields between parts so that a caller can spread it over tasks.
 */
function* prepare(
  doc: TimingDoc,
  items: readonly AlignmentItem[],
  estimated: Iterable<string>,
  stepItems: number,
): Generator<void, Change> {
  // One field-by-field shape (ADR 0007), and nothing the contract does not know is kept.
  const copies = new Array<AlignmentItem>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    copies[i] = withTimes(item, item.start, item.end);
    if (i % stepItems === stepItems - 1) yield;
  }
  const next = createDoc(copies, { duration: doc.duration, estimated });
  yield;
  // The diff keeps unchanged words as they are: re-importing the same file is no step at all,
  // and history, drafts and a later merge see only what the file changed.
  return yield* diffSteps(doc, next, stepItems);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Replacing the whole alignment (an imported timing file) as one undoable step. */
export function createReplaceActions(kit: StoreKit, stopGestures: () => void): ReplaceActions {
  const commit = (change: Change) => {
    kit.seal();
    kit.commit(change);
    kit.seal();
    kit.set({ selection: new Set() });
  };
  const replaceAll = (items: readonly AlignmentItem[], estimated: Iterable<string> = []) => {
    // A drag or tap run refers to words that are about to go.
    stopGestures();
    const steps = prepare(kit.get().doc, items, estimated, Infinity);
    let next = steps.next();
    while (!next.done) next = steps.next();
    commit(next.value);
  };
  return {
    replaceAll,
    async replaceAllInSlices(items, estimated = []) {
      const keys = [...estimated];
      stopGestures();
      const doc = kit.get().doc;
      const steps = prepare(doc, items, keys, STEP_ITEMS);
      for (;;) {
        const t0 = performance.now();
        let next = steps.next();
        while (!next.done && performance.now() - t0 < SLICE_MS) next = steps.next();
        if (next.done) {
          stopGestures();
          // An edit meanwhile: the diff is against a document that is gone; make it again, at once.
          if (kit.get().doc !== doc) replaceAll(items, keys);
          else commit(next.value);
          return;
        }
        await nextTask();
      }
    },
  };
}
