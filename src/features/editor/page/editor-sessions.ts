import type { StoreApi } from 'zustand';
import type { Alignment, AlignmentItem } from '../../../contract';
import {
  attachDraftAutosave,
  deleteDraft,
  listDrafts,
  loadDraft,
  openDraftDb,
  type DraftScope,
} from '../drafts';
import { createEditorStore, type EditorState, type SavedAlignment } from '../store';

export type EditorStore = StoreApi<EditorState>;

/** What the user is told after opening: a restored draft, or a draft merged onto a newer save. */
export interface RestoreNotice {
  kind: 'restored' | 'merged';
  edits: number;
  savedAt: number;
  conflicts: number;
}

export interface EditorSession {
  store: EditorStore;
  notice: RestoreNotice | null;
  dispose(): void;
}

export const savedFrom = (alignment: Alignment): SavedAlignment => ({
  items: alignment.alignment.items as AlignmentItem[],
  revision: alignment.revision,
  selectionRevision: alignment.selectionRevision,
});

/**
 * One store per open alignment, kept while the page lives so switching alignments keeps each one's
 * draft. Keyed by service, account, project and alignment.
 */
const sessions = new Map<string, Promise<EditorSession>>();

const sessionKey = (scope: DraftScope) =>
  [scope.serviceUrl, scope.accountId, scope.projectId, scope.alignmentId].join('|');

export function openEditorSession(
  scope: DraftScope,
  alignment: Alignment,
  duration: number | undefined,
): Promise<EditorSession> {
  const key = sessionKey(scope);
  let session = sessions.get(key);
  if (!session) {
    session = createSession(scope, alignment, duration);
    sessions.set(key, session);
    session.catch(() => sessions.delete(key));
  }
  return session;
}

/** Forget every open session (sign-out, tests). */
export function closeAllEditorSessions(): void {
  for (const session of sessions.values()) void session.then((s) => s.dispose());
  sessions.clear();
}

async function createSession(
  scope: DraftScope,
  alignment: Alignment,
  duration: number | undefined,
): Promise<EditorSession> {
  const server = savedFrom(alignment);
  const db = await openDraftDb().catch(() => null);
  let notice: RestoreNotice | null = null;
  let store: EditorStore;

  const current = db ? await loadDraft(db, { ...scope, baseRevision: server.revision }) : null;
  const stale =
    db && !current ? await listDrafts(db, scope, { exceptRevision: server.revision }) : [];
  const older = stale.sort((a, b) => b.savedAt - a.savedAt)[0];

  if (current) {
    store = createEditorStore({ ...server, duration });
    store.getState().actions.restoreDraft(current.items, current.estimated);
    notice = { kind: 'restored', edits: current.editCount, savedAt: current.savedAt, conflicts: 0 };
  } else if (older && db) {
    // Edits made on a revision someone has since replaced: replay them on their base, then merge.
    store = createEditorStore({
      items: older.baseItems,
      revision: older.baseRevision,
      selectionRevision: server.selectionRevision,
      duration,
    });
    store.getState().actions.restoreDraft(older.items, older.estimated);
    const conflicts = store.getState().actions.rebase(server);
    notice = {
      kind: 'merged',
      edits: older.editCount,
      savedAt: older.savedAt,
      conflicts: conflicts.length,
    };
    await deleteDraft(db, { ...scope, baseRevision: older.baseRevision });
  } else {
    store = createEditorStore({ ...server, duration });
  }
  const stopAutosave = db ? attachDraftAutosave(store, db, scope) : () => undefined;
  return {
    store,
    notice,
    dispose() {
      stopAutosave();
      store.getState().actions.destroy();
    },
  };
}
