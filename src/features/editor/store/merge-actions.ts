import {
  applyChange,
  createDoc,
  diffDocs,
  getItem,
  isEmptyChange,
  mergeDocs,
  replacementsToChange,
  resolveMerge,
  type Replacement,
  type TimingDoc,
} from '../../../timing';
import type { StoreHistory } from './store-history';
import type { EditorActions, EditorState, SavedAlignment } from './types';

/** The base of the store from a saved alignment (its doc given when one shares chunks). */
export const baseOf = (saved: SavedAlignment, doc: TimingDoc): EditorState['base'] => ({
  items: saved.items,
  revision: saved.revision,
  selectionRevision: saved.selectionRevision,
  doc,
});

type MergeActions = Pick<EditorActions, 'rebase' | 'resolveConflicts'>;

/** A newer revision merged in word by word (base / mine / theirs), and the conflicts' choices. */
export function createMergeActions(history: StoreHistory, cancelDrag: () => void): MergeActions {
  const { kit } = history;
  /**
   * The new base as the old base doc plus their changes: it keeps sharing chunks with the
   * working doc, so drafts keep diffing cheaply after a rebase.
   */
  const rebased = (theirs: SavedAlignment) => {
    const old = kit.get().base.doc;
    const theirsDoc = createDoc(theirs.items, { duration: old.duration });
    return baseOf(theirs, applyChange(old, diffDocs(old, theirsDoc)));
  };
  return {
    rebase(theirs) {
      if (kit.get().drag) cancelDrag();
      const { base, doc, dirty } = kit.get();
      const theirsDoc = createDoc(theirs.items, { duration: doc.duration });
      const result = mergeDocs(base.doc, doc, theirsDoc);
      // Everything that did not collide is applied now, and each conflicted word shows mine
      // with their changes to its other fields: every view shows the merged state while the
      // conflicts wait (one undo step). Only the choice per conflict is left for later.
      kit.commit(replacementsToChange(resolveMerge(result, 'mine')));
      if (result.conflicts.length) {
        kit.set({ pendingMerge: { theirs, conflicts: result.conflicts, result } });
        return result.conflicts;
      }
      // Nothing of mine left that theirs lacks (a draft whose edits were saved before a reload
      // deleted it): the doc is theirs, nothing is unsaved.
      if (!dirty || isEmptyChange(diffDocs(kit.get().doc, theirsDoc))) history.markCurrentSaved();
      kit.set({ base: rebased(theirs), pendingMerge: null, dirty: history.isDirty() });
      return [];
    },
    resolveConflicts(choices) {
      const pending = kit.get().pendingMerge;
      if (!pending) return;
      // By key: a conflicted word may have been edited since (`Show` selects it), and 'mine'
      // keeps whatever the draft holds now.
      const doc = kit.get().doc;
      const replacements: Replacement[] = [];
      for (const c of pending.conflicts) {
        const side = typeof choices === 'string' ? choices : (choices[c.key] ?? 'mine');
        if (side === 'mine') continue;
        const held = getItem(doc, c.key);
        const wanted = c.resolved.theirs;
        if (held !== wanted) replacements.push([held, wanted]);
      }
      kit.commit(replacementsToChange(replacements));
      kit.set({ base: rebased(pending.theirs), pendingMerge: null, dirty: true });
    },
  };
}
