import { createDoc, diffDocs, withTimes } from '../../../timing';
import type { StoreKit } from './editor-store';
import type { EditorActions } from './types';

type ReplaceActions = Pick<EditorActions, 'replaceAll'>;

/** Replacing the whole alignment (an imported timing file) as one undoable step. */
export function createReplaceActions(kit: StoreKit, stopGestures: () => void): ReplaceActions {
  return {
    replaceAll(items, estimated = []) {
      // A drag or tap run refers to words that are about to go.
      stopGestures();
      const { doc } = kit.get();
      // One field-by-field shape (ADR 0007), and nothing the contract does not know is kept.
      const next = createDoc(
        items.map((item) => withTimes(item, item.start, item.end)),
        { duration: doc.duration, estimated },
      );
      // The diff keeps unchanged words as they are: re-importing the same file is no step at all,
      // and history, drafts and a later merge see only what the file changed.
      kit.seal();
      kit.commit(diffDocs(doc, next));
      kit.seal();
      kit.set({ selection: new Set() });
    },
  };
}
