// The editing core on 100,000 items: `npm run bench timing`.
import { nextTask, report, timeRuns, timeRunsInTasks } from './report';
import {
  applyChange,
  applyOp,
  createDoc,
  createHistory,
  getItem,
  itemAt,
  keyOf,
  mergeDocs,
  pushHistory,
  redo,
  replacementsToChange,
  toArray,
  undo,
  validateDoc,
  type History,
  type TimingDoc,
} from '../src/timing';
import { song } from '../src/timing/test-items';

const N = 100_000;
const items = song(N, true);
const duration = items[N - 1]!.end + 10;
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (doc: TimingDoc) => keyOf(itemAt(doc, Math.floor(rand() * doc.size))!);

let doc = createDoc(items, { duration });
let history: History = createHistory(200);

report(
  'timing: move 1 word (100k items)',
  await timeRunsInTasks(() => {
    const out = applyOp(doc, { type: 'move', keys: [pick(doc)], delta: rand() - 0.5 });
    doc = out.doc;
    history = pushHistory(history, out.change);
  }, 300),
  4,
);

// Steady state, as in a session where the user has already edited: the first runs of a code path
// include V8 compiling it (tiering up), which is paid once per page, not per edit.
const WARMUP = 20;
// Each edit runs in its own task, as in the app (see `timeRunsInTasks`).

const contiguous = (d: TimingDoc) => {
  const from = Math.floor(rand() * (d.size - 1000));
  return Array.from({ length: 1000 }, (_, i) => keyOf(itemAt(d, from + i)!));
};
const scattered = (d: TimingDoc) => Array.from({ length: 1000 }, () => pick(d));

/** Moves of 1,000 selected words, then undo all of them and redo all of them. */
async function selectionRun(label: string, select: (d: TimingDoc) => string[], runs: number) {
  history = createHistory(200);
  const selections = Array.from({ length: runs + WARMUP }, () => select(doc));
  report(
    `timing: move 1,000 selected words (${label}, 100k items)`,
    await timeRunsInTasks(
      () => {
        // The selection exists before the gesture; the op still finds every word by its key.
        const keys = selections.pop() ?? select(doc);
        const out = applyOp(doc, { type: 'move', keys, delta: 0.01 });
        doc = out.doc;
        history = pushHistory(history, out.change);
      },
      runs,
      WARMUP,
    ),
    4,
  );
  const undoSamples: number[] = [];
  const redoSamples: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < runs; i++) {
      await nextTask();
      const t0 = performance.now();
      const out = undo(history, doc)!;
      undoSamples.push(performance.now() - t0);
      ({ history, doc } = out);
    }
    for (let i = 0; i < runs; i++) {
      await nextTask();
      const t0 = performance.now();
      const out = redo(history, doc)!;
      redoSamples.push(performance.now() - t0);
      ({ history, doc } = out);
    }
  }
  report(`timing: undo a 1,000-word move (${label}, 100k items)`, undoSamples, 4);
  report(`timing: redo a 1,000-word move (${label}, 100k items)`, redoSamples, 4);
}
await selectionRun('contiguous', contiguous, 200);
await selectionRun('scattered', scattered, 200);

// Validation from scratch (the first one after a load) and after one edit, as the store runs it
// in the commit: incremental, reading only what the edit touched (ADR 0014).
report(
  'timing: validate whole document (100k items)',
  timeRuns(() => void validateDoc(doc, { fresh: true }), 30),
  40,
);
validateDoc(doc);
const perEdit: number[] = [];
for (let i = 0; i < 300 + WARMUP; i++) {
  await nextTask();
  doc = applyOp(doc, { type: 'move', keys: [pick(doc)], delta: rand() - 0.5 }).doc;
  const t0 = performance.now();
  validateDoc(doc);
  if (i >= WARMUP) perEdit.push(performance.now() - t0);
}
report('timing: validate after a 1-word edit (incremental, 100k items)', perEdit, 4);

// Merge: two sides edited apart from one base, 1,000 edits each; theirs arrives as parsed JSON
// (no shared objects), as it does from the server.
const base = createDoc(items, { duration });
const editSide = (fields: 'start' | 'text') => {
  let d = base;
  for (let i = 0; i < 1000; i++) {
    const key = pick(d);
    d =
      fields === 'start'
        ? applyOp(d, { type: 'move', keys: [key], delta: 0.01 }).doc
        : applyOp(d, { type: 'setText', key, text: `t${i}` }).doc;
  }
  return d;
};
const mine = editSide('start');
const theirs = JSON.parse(JSON.stringify(toArray(editSide('text')))) as typeof items;
const mineItems = toArray(mine);
void getItem(mine, keyOf(items[0]!)); // the store's doc has its key index built already
let conflicts = 0;
report(
  'timing: three-way merge, 1,000 edits a side (100k items)',
  timeRuns(() => {
    // As the store's rebase does: their items become a doc, both sides are diffed against base.
    const result = mergeDocs(base, mine, createDoc(theirs, { duration }));
    conflicts = result.conflicts.length;
    applyChange(mine, replacementsToChange(result.replacements));
  }, 20),
  200,
);
if (conflicts !== 0 || mineItems.length !== N)
  throw new Error(`unexpected merge: ${conflicts} conflicts`);
