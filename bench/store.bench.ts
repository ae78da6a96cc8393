// The editor store and drafts on 100,000 items: `npm run bench store`.
import 'fake-indexeddb/auto';
import { report } from './report';
import { itemAt, keyOf } from '../src/timing';
import { song } from '../src/timing/test-items';
import { createEditorStore } from '../src/features/editor/store';
import { createDriver } from '../src/features/editor/store/test-driver';
import { attachDraftAutosave, openDraftDb } from '../src/features/editor/drafts';

const N = 100_000;
const items = song(N, true);
const store = createEditorStore({
  items,
  revision: 'r1',
  selectionRevision: 's1',
  duration: items[N - 1]!.end + 10,
  validationDelayMs: 0,
});
const driver = createDriver(store, { pxPerSecond: 200 });
const time = (fn: () => void) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

// Drags of one word: each frame builds a preview (snapped), pointer-up commits one step.
const frames: number[] = [];
const commits: number[] = [];
for (let i = 0; i < 100; i++) {
  const item = itemAt(store.getState().doc, (i * 997) % N)!;
  driver.pointerDown(item.start + 0.1, keyOf(item));
  for (let f = 1; f <= 10; f++)
    frames.push(time(() => driver.pointerMove(item.start + 0.1 + f * 0.013)));
  commits.push(time(() => driver.pointerUp()));
}
report('store: drag frame, 1 word (preview + snap, 100k items)', frames, 4);
report('store: drag commit, 1 word (100k items)', commits, 4);

const { actions } = store.getState();
const undos: number[] = [];
const redos: number[] = [];
for (let i = 0; i < 100; i++) undos.push(time(() => actions.undo()));
for (let i = 0; i < 100; i++) redos.push(time(() => actions.redo()));
report('store: undo, 1-word drag steps (100k items)', undos, 4);
report('store: redo, 1-word drag steps (100k items)', redos, 4);

// Drafts: the synchronous part of a save (the diff against the base) and every later slice task
// (each part's structured clone) are main-thread work; IndexedDB's own I/O is not.
const db = await openDraftDb('bench-drafts');
const scope = { serviceUrl: 'http://bench', accountId: 'a', projectId: 'p', alignmentId: 'x' };
const syncParts: number[] = [];
const tasks: number[] = [];
const autosave = attachDraftAutosave(store, db, scope, {
  delayMs: 1e9,
  onSyncPart: (ms) => syncParts.push(ms),
  onTask: (ms) => tasks.push(ms),
});
for (let i = 0; i < 1000; i++) {
  actions.setText(keyOf(itemAt(store.getState().doc, (i * 7919) % N)!), `t${i}`);
}
await autosave.flush(); // first save: the 100k-item base once, in parts, plus the diff
for (let i = 0; i < 20; i++) {
  actions.setText(keyOf(itemAt(store.getState().doc, (i * 104729) % N)!), `u${i}`);
  await autosave.flush();
}
report(
  'drafts: save, each diff slice on the main thread (1,000+ edits, 100k items)',
  syncParts,
  16,
);
report('drafts: save, each part write on the main thread (1,000+ edits)', tasks, 16);

actions.selectAll();
actions.moveSelection(0.01); // every item changed: the diff is the whole document
syncParts.length = 0;
tasks.length = 0;
for (let i = 0; i < 5; i++) {
  actions.moveSelection(0.01);
  await autosave.flush();
}
report('drafts: save, each diff slice on the main thread (all 100k items changed)', syncParts, 16);
report('drafts: save, each part write on the main thread (all 100k items changed)', tasks, 16);
autosave.dispose();
db.close();
