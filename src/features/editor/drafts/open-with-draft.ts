import type { MergeConflict } from '../../../timing';
import { createEditorStore, type EditorStore } from '../store/editor-store';
import type { EditorInit, SavedAlignment } from '../store/types';
import { deleteDraft, listDrafts, loadDraft } from './draft-db';
import type { DraftScope, DraftSummary } from './draft-types';

export interface OpenedEditor {
  readonly store: EditorStore;
  /** The draft that was restored (for the "N edits from <time> restored" notice), or null. */
  readonly restored: DraftSummary | null;
  /** Conflicts of a draft made on an older revision, merged onto the server's (see pendingMerge). */
  readonly conflicts: readonly MergeConflict[];
}

/**
 * Creates the store for the server's alignment and brings back unsaved work: a draft on the same
 * revision is applied as is; else the newest draft on an older revision is merged (three-way).
 */
export async function openWithDraft(
  db: IDBDatabase,
  scope: DraftScope,
  server: SavedAlignment,
  init: Omit<EditorInit, 'items' | 'revision' | 'selectionRevision'> = {},
): Promise<OpenedEditor> {
  // Both asked at once: opening without a draft (the common case) waits for one round trip to
  // the browser's storage, not two, between the project's data and the first input.
  const listing = listDrafts(db, scope, { exceptRevision: server.revision });
  listing.catch(() => undefined); // only read when there is no current draft
  const current = await loadDraft(db, { ...scope, baseRevision: server.revision });
  if (current) {
    const store = createEditorStore({ ...init, ...server });
    store.getState().actions.restoreDraft(current.changes);
    return { store, restored: current, conflicts: [] };
  }
  const [stale] = await listing;
  const old = stale && (await loadDraft(db, stale.key));
  if (!old)
    return { store: createEditorStore({ ...init, ...server }), restored: null, conflicts: [] };
  const store = createEditorStore({
    ...init,
    items: old.baseItems,
    revision: old.key.baseRevision,
    selectionRevision: old.baseSelectionRevision,
  });
  const { actions } = store.getState();
  actions.restoreDraft(old.changes);
  const conflicts = actions.rebase(server);
  if (!conflicts.length) await deleteDraft(db, old.key);
  return { store, restored: old, conflicts };
}
