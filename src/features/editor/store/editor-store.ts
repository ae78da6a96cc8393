import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  applyChange,
  createDoc,
  createHistory,
  DEFAULT_NUDGE_STEPS,
  isEmptyChange,
  mergeDocs,
  diffDocs,
  getItem,
  planOp,
  pushHistory,
  redo as redoStep,
  replacementsToChange,
  resolveMerge,
  sealHistory,
  toArray,
  undo as undoStep,
  validateDoc,
  validateSteps,
  indexSomeKeys,
  withoutUnchanged,
  type Change,
  type EditSettings,
  type History,
  type HistoryStep,
  type Replacement,
  type TimingDoc,
  type TimingOp,
} from '../../../timing';
import { createDragActions } from './drag-actions';
import { createEditActions } from './edit-actions';
import { createReplaceActions } from './replace-actions';
import { createTapActions } from './tap-actions';
import { createToolActions } from './tool-actions';
import type {
  EditorActions,
  EditorInit,
  EditorSettings,
  EditorState,
  SavedAlignment,
} from './types';

export type EditorStore = StoreApi<EditorState>;

export const DEFAULT_SETTINGS: EditorSettings = {
  overlapPolicy: 'allow',
  snapping: true,
  snapThresholdPx: 12,
  nudgeSteps: DEFAULT_NUDGE_STEPS,
  tapLatency: 0,
  holdThreshold: 0.2,
};

/** The core's edit settings from the editor's. */
export const editSettingsOf = (
  settings: Pick<EditorSettings, 'overlapPolicy' | 'nudgeSteps'>,
): EditSettings => ({
  overlap: settings.overlapPolicy,
  nudgeSteps: settings.nudgeSteps,
});

/** What the action modules share: the store plus the commit path that owns history. */
export interface StoreKit {
  get(): EditorState;
  set(partial: Partial<EditorState>): void;
  editSettings(): EditSettings;
  /** Applies a change as an undo step (merged into the top step while `group` repeats). */
  commit(change: Change, group?: string | null): void;
  /** Plans and commits an op. */
  run(op: TimingOp, group?: string | null): void;
  seal(): void;
}

/** A paused validation yields after about this many items, as often as fits in the slice. */
const VALIDATION_STEP = 1024;
const VALIDATION_SLICE_MS = 12;

/** Changes up to this many items are validated as part of their commit. */
const SYNC_VALIDATION_ITEMS = 512;
const changeSize = (change: Change) => change.removed.length + change.added.length;

const historyView = (h: History) => ({
  canUndo: h.past.length > 0,
  canRedo: h.future.length > 0,
  undoSteps: h.past.length,
  redoSteps: h.future.length,
});

export function createEditorStore(init: EditorInit): EditorStore {
  const duration = init.duration ?? Infinity;
  const validationDelay = init.validationDelayMs ?? 300;
  let history = createHistory(init.historyLimit ?? 200);
  let savedTop: HistoryStep | undefined; // top undo step when the doc matched the base
  let savingTop: HistoryStep | undefined | null = null;
  let savingDoc: TimingDoc | null = null; // the doc sent with the save in flight
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Languages the project shows (missing translations are warnings). */
  let languages: readonly string[] = [];

  return createStore<EditorState>()((setState, get) => {
    const set = (partial: Partial<EditorState>) => setState(partial);
    const top = () => history.past[history.past.length - 1];
    const scheduleValidation = () => {
      clearTimeout(timer);
      if (validationDelay > 0) timer = setTimeout(validateInSlices, validationDelay);
    };
    /**
     * The pause's validation, VALIDATION_SLICE_MS of it per task: after an import every word is
     * new and a full pass over 100,000 (and the lookup of their keys the findings are shown with)
     * would hold the page for long. A commit meanwhile (a newer document) drops the run; its own
     * pause starts the next.
     */
    const validateInSlices = () => {
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
        else timer = setTimeout(slice, 0);
      };
      slice();
    };
    const adopt = (doc: TimingDoc, change: Change | null) => {
      // Validation is incremental (ADR 0014): after a small change it costs what the change
      // touched, so it is part of the commit and problems never flash away. A big change (select
      // all, then move) validates most chunks again: that waits for the pause after editing.
      const now = change !== null && changeSize(change) <= SYNC_VALIDATION_ITEMS;
      if (now) clearTimeout(timer);
      set({
        doc,
        preview: null,
        history: historyView(history),
        dirty: top() !== savedTop,
        editCount: get().editCount + 1,
        validation: now ? validateDoc(doc, { languages }) : null,
        lastChange: change,
      });
      if (!now) scheduleValidation();
    };
    const kit: StoreKit = {
      get,
      set,
      editSettings: () => editSettingsOf(get().settings),
      commit(planned, group = null) {
        // An edit that leaves every item as it was is no edit (not dirty, no undo step).
        const change = withoutUnchanged(planned);
        if (isEmptyChange(change)) return;
        const doc = applyChange(get().doc, change);
        history = pushHistory(history, change, group);
        adopt(doc, change);
      },
      run(op, group = null) {
        kit.commit(planOp(get().doc, op, kit.editSettings()), group);
      },
      seal() {
        history = sealHistory(history);
      },
    };
    const toBase = (
      saved: SavedAlignment,
      doc = createDoc(saved.items, { duration: get().doc.duration }),
    ) => ({
      items: saved.items,
      revision: saved.revision,
      selectionRevision: saved.selectionRevision,
      doc,
    });

    /**
     * The new base as the old base doc plus their changes: it keeps sharing chunks with the
     * working doc, so drafts keep diffing cheaply after a rebase.
     */
    const rebased = (theirs: SavedAlignment) => {
      const old = get().base.doc;
      const theirsDoc = createDoc(theirs.items, { duration: old.duration });
      return toBase(theirs, applyChange(old, diffDocs(old, theirsDoc)));
    };

    /** Ends a drag (dropped) or a tap run (kept) before the words they refer to change wholesale. */
    const stopGestures = () => {
      if (get().drag) actions.cancelDrag();
      if (get().tap) actions.stopTapSync();
    };
    const actions: EditorActions = {
      ...createEditActions(kit),
      ...createDragActions(kit),
      ...createTapActions(kit),
      ...createReplaceActions(kit, stopGestures),
      ...createToolActions(kit),
      apply: (op) => kit.run(op),
      undo() {
        if (get().drag) actions.cancelDrag();
        const out = undoStep(history, get().doc);
        if (!out) return;
        history = out.history;
        adopt(out.doc, out.change);
      },
      redo() {
        const out = redoStep(history, get().doc);
        if (!out) return;
        history = out.history;
        adopt(out.doc, out.change);
      },
      setSettings: (patch) => set({ settings: { ...get().settings, ...patch } }),
      setDuration(seconds) {
        const doc = get().doc;
        set({ doc: { ...doc, duration: seconds }, validation: null });
        scheduleValidation();
      },
      validateSoon() {
        if (get().validation) return;
        clearTimeout(timer);
        validateInSlices();
      },
      validateNow() {
        const validation = validateDoc(get().doc, { languages });
        set({ validation });
        return validation;
      },
      setShownLanguages(next) {
        if (next.length === languages.length && next.every((l, i) => l === languages[i])) return;
        languages = [...next];
        set({ validation: validateDoc(get().doc, { languages }) });
      },
      getSaveItems() {
        savingTop = top();
        savingDoc = get().doc;
        return toArray(savingDoc);
      },
      markSaved(saved) {
        savedTop = savingTop === null ? top() : savingTop;
        // The doc as sent keeps sharing chunks with later edits: drafts diff against it cheaply.
        const sent = savingDoc ?? get().doc;
        savingTop = null;
        savingDoc = null;
        const dirty = top() !== savedTop;
        set({ base: toBase(saved, sent), dirty, editCount: dirty ? get().editCount : 0 });
      },
      rebase(theirs) {
        if (get().drag) actions.cancelDrag();
        const { base, doc, dirty } = get();
        const theirsDoc = createDoc(theirs.items, { duration: doc.duration });
        const result = mergeDocs(base.doc, doc, theirsDoc);
        // Everything that did not collide is applied now, and each conflicted word shows mine
        // with their changes to its other fields: every view shows the merged state while the
        // conflicts wait (one undo step). Only the choice per conflict is left for later.
        kit.commit(replacementsToChange(resolveMerge(result, 'mine')));
        if (result.conflicts.length) {
          set({ pendingMerge: { theirs, conflicts: result.conflicts, result } });
          return result.conflicts;
        }
        if (!dirty) savedTop = top();
        set({ base: rebased(theirs), pendingMerge: null, dirty: top() !== savedTop });
        return [];
      },
      resolveConflicts(choices) {
        const pending = get().pendingMerge;
        if (!pending) return;
        // By key: a conflicted word may have been edited since (`Show` selects it), and 'mine'
        // keeps whatever the draft holds now.
        const doc = get().doc;
        const replacements: Replacement[] = [];
        for (const c of pending.conflicts) {
          const side = typeof choices === 'string' ? choices : (choices[c.key] ?? 'mine');
          if (side === 'mine') continue;
          const held = getItem(doc, c.key);
          const wanted = c.resolved.theirs;
          if (held !== wanted) replacements.push([held, wanted]);
        }
        kit.commit(replacementsToChange(replacements));
        set({ base: rebased(pending.theirs), pendingMerge: null, dirty: true });
      },
      destroy: () => clearTimeout(timer),
    };

    const doc = createDoc(init.items, { duration });
    return {
      base: toBase(init, doc),
      doc,
      preview: null,
      history: historyView(history),
      selection: new Set<string>(),
      settings: { ...DEFAULT_SETTINGS, ...init.settings },
      dirty: false,
      editCount: 0,
      validation: null,
      drag: null,
      tap: null,
      pendingMerge: null,
      lastChange: null,
      actions,
    };
  });
}
