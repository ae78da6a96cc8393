import { createStore, type StoreApi } from 'zustand/vanilla';
import { createDoc } from '../../../timing';
import { createDragActions } from './drag-actions';
import { createEditActions } from './edit-actions';
import { baseOf, createMergeActions } from './merge-actions';
import { createReplaceActions } from './replace-actions';
import { createStoreHistory } from './store-history';
import { DEFAULT_SETTINGS } from './store-kit';
import { createStoreValidation } from './store-validation';
import { createTapActions } from './tap-actions';
import { createToolActions } from './tool-actions';
import type { EditorActions, EditorInit, EditorState } from './types';

export type EditorStore = StoreApi<EditorState>;
export { DEFAULT_SETTINGS, editSettingsOf, type StoreKit } from './store-kit';

/**
 * One open alignment's store: the document, its history, selection, drag and tap state,
 * validation and the saved base. The actions live in their modules (edit, drag, tap, replace,
 * tools, merge); history and validation in `store-history.ts` and `store-validation.ts`.
 */
export function createEditorStore(init: EditorInit): EditorStore {
  return createStore<EditorState>()((setState, get) => {
    const set = (partial: Partial<EditorState>) => setState(partial);
    const validation = createStoreValidation(get, set, init.validationDelayMs ?? 300);
    const history = createStoreHistory(get, set, validation, init.historyLimit ?? 200);
    const { kit } = history;
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
      ...createMergeActions(history, () => actions.cancelDrag()),
      apply: (op) => kit.run(op),
      undo() {
        if (get().drag) actions.cancelDrag();
        history.undo();
      },
      redo: history.redo,
      setSettings: (patch) => set({ settings: { ...get().settings, ...patch } }),
      setDuration(seconds) {
        const doc = get().doc;
        set({ doc: { ...doc, duration: seconds }, validation: null });
        validation.schedule();
      },
      validateSoon: validation.validateSoon,
      validateNow: validation.validateNow,
      setShownLanguages: validation.setShownLanguages,
      getSaveItems: history.getSaveItems,
      markSaved(saved) {
        const { dirty, sent } = history.markSaved();
        set({ base: baseOf(saved, sent), dirty, editCount: dirty ? get().editCount : 0 });
      },
      destroy: validation.destroy,
    };

    const doc = createDoc(init.items, { duration: init.duration ?? Infinity });
    return {
      base: baseOf(init, doc),
      doc,
      preview: null,
      history: history.history(),
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
