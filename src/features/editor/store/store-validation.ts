import {
  indexSomeKeys,
  validateDoc,
  validateSteps,
  type Change,
  type TimingDoc,
  type ValidationResult,
} from '../../../timing';
import type { EditorState } from './types';

/** A paused validation yields after about this many items, as often as fits in the slice. */
const VALIDATION_STEP = 1024;
const VALIDATION_SLICE_MS = 12;

interface PostTask {
  postTask(
    task: () => void,
    options: { priority: 'background'; signal: AbortSignal },
  ): Promise<void>;
}

/**
 * Runs `task` as a background task where the browser has them (`scheduler.postTask`): after
 * input, frames and the page's other tasks, so a slice never delays the first answered input
 * after a load (ADR 0018); else as a timeout. Returns its cancel.
 */
function inBackground(task: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: Partial<PostTask> }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const abort = new AbortController();
    scheduler.postTask(task, { priority: 'background', signal: abort.signal }).catch(() => {});
    return () => abort.abort();
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

/** Changes up to this many items are validated as part of their commit. */
const SYNC_VALIDATION_ITEMS = 512;
const changeSize = (change: Change) => change.removed.length + change.added.length;

/**
 * The store's validation: with a small commit (incremental, ADR 0014), else in slices after a
 * pause; the languages the project shows (missing translations are warnings).
 */
export function createStoreValidation(
  get: () => EditorState,
  set: (partial: Partial<EditorState>) => void,
  delayMs: number,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelSlice = () => {};
  let languages: readonly string[] = [];
  const now = () => validateDoc(get().doc, { languages });

  /**
   * The pause's validation, VALIDATION_SLICE_MS of it per task: after an import every word is
   * new and a full pass over 100,000 (and the lookup of their keys the findings are shown with)
   * would hold the page for long. A commit meanwhile (a newer document) drops the run; its own
   * pause starts the next.
   */
  const inSlices = () => {
    const doc = get().doc;
    const steps = (function* () {
      // First the word lookup, so that showing the findings does not build it in one task.
      while (!indexSomeKeys(doc, VALIDATION_STEP)) yield;
      return yield* validateSteps(doc, { languages }, VALIDATION_STEP);
    })();
    const slice = () => {
      if (get().doc !== doc) return;
      const t0 = performance.now();
      let next = steps.next();
      while (!next.done && performance.now() - t0 < VALIDATION_SLICE_MS) next = steps.next();
      if (next.done) set({ validation: next.value });
      else cancelSlice = inBackground(slice);
    };
    slice();
  };
  const stop = () => {
    clearTimeout(timer);
    cancelSlice();
  };
  const schedule = () => {
    stop();
    if (delayMs > 0) timer = setTimeout(inSlices, delayMs);
  };

  return {
    schedule,
    /**
     * The validation of a newly adopted doc: after a small change it costs what the change
     * touched, so it is part of the commit and problems never flash away. A big change (select
     * all, then move) validates most chunks again: that waits for the pause (null meanwhile).
     */
    onAdopt: (doc: TimingDoc, change: Change | null): ValidationResult | null => {
      if (change !== null && changeSize(change) <= SYNC_VALIDATION_ITEMS) {
        stop();
        return validateDoc(doc, { languages });
      }
      return null;
    },
    validateSoon: () => {
      if (get().validation) return;
      stop();
      cancelSlice = inBackground(inSlices);
    },
    validateNow: () => {
      const validation = now();
      set({ validation });
      return validation;
    },
    setShownLanguages: (next: readonly string[]) => {
      if (next.length === languages.length && next.every((l, i) => l === languages[i])) return;
      languages = [...next];
      set({ validation: now() });
    },
    destroy: stop,
  };
}

export type StoreValidation = ReturnType<typeof createStoreValidation>;
