import {
  applyChange,
  createHistory,
  isEmptyChange,
  planOp,
  pushHistory,
  redo as redoStep,
  sealHistory,
  toArray,
  undo as undoStep,
  withoutUnchanged,
  type Change,
  type History,
  type HistoryStep,
  type TimingDoc,
} from '../../../timing';
import { editSettingsOf, type StoreKit } from './store-kit';
import type { StoreValidation } from './store-validation';
import type { EditorState } from './types';

export const historyView = (h: History) => ({
  canUndo: h.past.length > 0,
  canRedo: h.future.length > 0,
  undoSteps: h.past.length,
  redoSteps: h.future.length,
});

/**
 * The commit path that owns history: each commit one undo step (unchanged items dropped), undo
 * and redo, and which step matched the saved base (the `dirty` flag) across a save in flight.
 */
export function createStoreHistory(
  get: () => EditorState,
  set: (partial: Partial<EditorState>) => void,
  validation: StoreValidation,
  limit: number,
) {
  let history = createHistory(limit);
  let savedTop: HistoryStep | undefined; // top undo step when the doc matched the base
  let savingTop: HistoryStep | undefined | null = null;
  let savingDoc: TimingDoc | null = null; // the doc sent with the save in flight
  const top = () => history.past[history.past.length - 1];

  const adopt = (doc: TimingDoc, change: Change | null) => {
    const checked = validation.onAdopt(doc, change);
    set({
      doc,
      preview: null,
      history: historyView(history),
      dirty: top() !== savedTop,
      editCount: get().editCount + 1,
      validation: checked,
      lastChange: change,
    });
    if (!checked) validation.schedule();
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
  const step = (out: { history: History; doc: TimingDoc; change: Change } | null) => {
    if (!out) return;
    history = out.history;
    adopt(out.doc, out.change);
  };
  return {
    kit,
    history: () => historyView(history),
    undo: () => step(undoStep(history, get().doc)),
    redo: () => step(redoStep(history, get().doc)),
    /** The items to send; the step and doc they are are remembered until `markSaved`. */
    getSaveItems: () => {
      savingTop = top();
      savingDoc = get().doc;
      return toArray(savingDoc);
    },
    /** The save landed: whether edits made meantime are still unsaved, and the doc as sent. */
    markSaved: (): { dirty: boolean; sent: TimingDoc } => {
      savedTop = savingTop === null ? top() : savingTop;
      // The doc as sent keeps sharing chunks with later edits: drafts diff against it cheaply.
      const sent = savingDoc ?? get().doc;
      savingTop = null;
      savingDoc = null;
      return { dirty: top() !== savedTop, sent };
    },
    /** The doc now is the base's (a clean rebase): the current step counts as saved. */
    markCurrentSaved: () => {
      savedTop = top();
    },
    isDirty: () => top() !== savedTop,
  };
}

export type StoreHistory = ReturnType<typeof createStoreHistory>;
