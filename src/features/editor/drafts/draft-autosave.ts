import { diffSteps, type Change } from '../../../timing';
import type { EditorStore } from '../store/editor-store';
import type { EditorState } from '../store/types';
import { deleteDraft, readHeader, writeDraft, type WriteOptions } from './draft-db';
import { nextTask } from './idb';
import type { DraftKey, DraftScope } from './draft-types';

/**
 * The diff runs in steps of this many compared items, as many as fit in SLICE_MS per task: a
 * slice stays short on a slow machine and when every item changed (a step then costs well under 1 ms), and
 * a fast machine still does a lot per task.
 */
const DIFF_STEP = 500;
const SLICE_MS = 8;

export interface AutosaveOptions extends WriteOptions {
  /** Quiet time after the last change before writing (default 500 ms). */
  delayMs?: number;
  onError?: (error: unknown) => void;
  /** Called with the main-thread time (ms) of each slice of the diff (the synchronous part). */
  onSyncPart?: (ms: number) => void;
}

export interface DraftAutosave {
  /** Writes now (or drops the draft when nothing is unsaved); resolves when stored. */
  flush(): Promise<void>;
  /** Drops the current draft (explicit discard). */
  discard(): Promise<void>;
  dispose(): void;
}

/** The diff against the base, SLICE_MS of it per task (immutable docs: safe). */
async function diffInSlices(s: EditorState, onSyncPart?: (ms: number) => void): Promise<Change> {
  const steps = diffSteps(s.base.doc, s.doc, DIFF_STEP);
  for (;;) {
    const t0 = performance.now();
    let next = steps.next();
    while (!next.done && performance.now() - t0 < SLICE_MS) next = steps.next();
    onSyncPart?.(performance.now() - t0);
    if (next.done) return next.value;
    await nextTask();
  }
}

/**
 * Keeps an IndexedDB draft of the store's unsaved edits: debounced after the last change, written
 * as the change against the base (plus the base itself once per base revision), in slices. The
 * draft of a base revision is dropped once that base is replaced by a save or a rebase.
 */
export function attachDraftAutosave(
  store: EditorStore,
  db: IDBDatabase,
  scope: DraftScope,
  options: AutosaveOptions = {},
): DraftAutosave {
  const delay = options.delayMs ?? 500;
  const report = options.onError ?? ((error: unknown) => console.error('draft autosave', error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  const storedBase = new Map<string, { gen: string; parts: number }>();
  const keyFor = (s: EditorState): DraftKey => ({ ...scope, baseRevision: s.base.revision });

  const save = async () => {
    const s = store.getState();
    const key = keyFor(s);
    if (!s.dirty) {
      await deleteDraft(db, key);
      return;
    }
    const diff = await diffInSlices(s, options.onSyncPart);
    let base = storedBase.get(key.baseRevision);
    if (!base) {
      const header = await readHeader(db, key);
      if (header) base = { gen: header.baseGen, parts: header.baseParts };
    }
    const header = await writeDraft(
      db,
      {
        key,
        baseSelectionRevision: s.base.selectionRevision,
        editCount: s.editCount,
        baseItems: base ? null : s.base.items,
        ...(base ? { baseGen: base.gen, baseParts: base.parts } : {}),
        removed: diff.removed,
        added: diff.added,
        estimated: [...s.doc.estimated],
      },
      options,
    );
    storedBase.set(key.baseRevision, { gen: header.baseGen, parts: header.baseParts });
  };
  /** Writes run one after another; a failure is reported, never left floating. */
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch(report);
    return queue;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void enqueue(save), delay);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.base.revision !== prev.base.revision) {
      const old = keyFor(prev);
      void enqueue(() => deleteDraft(db, old));
      storedBase.delete(old.baseRevision);
    }
    if (s.doc !== prev.doc || s.base !== prev.base) schedule();
  });
  return {
    flush() {
      clearTimeout(timer);
      return enqueue(save);
    },
    discard() {
      clearTimeout(timer);
      return enqueue(() => deleteDraft(db, keyFor(store.getState())));
    },
    dispose() {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
