import type { Alignment } from '../../../contract';
import {
  attachDraftAutosave,
  openDraftDb,
  openWithDraft,
  type DraftAutosave,
  type DraftScope,
} from '../drafts';
import { createEditorStore, type EditorStore, type SavedAlignment } from '../store';

export type { EditorStore };

/** What the user is told after opening: a restored draft, or a draft merged onto a newer save. */
export interface RestoreNotice {
  kind: 'restored' | 'merged';
  edits: number;
  savedAt: string;
  conflicts: number;
}

export interface EditorSession {
  store: EditorStore;
  notice: RestoreNotice | null;
  /** Throws the unsaved edits away (draft included): the document becomes the base again. */
  discard: () => Promise<void>;
  dispose: () => void;
}

export const savedFrom = (alignment: Alignment): SavedAlignment => ({
  items: alignment.alignment.items,
  revision: alignment.revision,
  selectionRevision: alignment.selectionRevision,
});

/**
 * One store per open alignment, kept while the app runs so switching alignments keeps each one's
 * draft in memory too. Keyed by service, account, project and alignment.
 */
const sessions = new Map<string, Promise<EditorSession>>();

export const sessionKey = (scope: DraftScope) =>
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

/** Back to the document as loaded: a restored draft is the first undo step. */
function undoAll(store: EditorStore) {
  const { actions } = store.getState();
  while (store.getState().history.canUndo) actions.undo();
}

/** Forget every open session (sign-out). */
export function closeAllEditorSessions(): void {
  for (const session of sessions.values()) void session.then((s) => s.dispose());
  sessions.clear();
}

/**
 * The drafts database opened before the project arrives (`prewarmDraftDb`, while the page waits
 * for its data): opening it is one round trip to the browser's storage less between the data and
 * the first input. Taken by the next session made; each session still has its own connection.
 */
let prewarmed: Promise<IDBDatabase | null> | null = null;

/** Starts opening the drafts database for the session about to be made (see `prewarmed`). */
export function prewarmDraftDb(): void {
  prewarmed ??= openDraftDb().catch(() => null);
}

function draftDb(): Promise<IDBDatabase | null> {
  const db = prewarmed ?? openDraftDb().catch(() => null);
  prewarmed = null;
  return db;
}

async function createSession(
  scope: DraftScope,
  alignment: Alignment,
  duration: number | undefined,
): Promise<EditorSession> {
  const server = savedFrom(alignment);
  // Without IndexedDB (private mode, blocked storage) editing still works, just without drafts.
  const db = await draftDb();
  if (!db) {
    const store = createEditorStore({ ...server, duration });
    return {
      store,
      notice: null,
      discard: () => Promise.resolve(undoAll(store)),
      dispose: () => store.getState().actions.destroy(),
    };
  }
  const opened = await openWithDraft(db, scope, server, { duration });
  const autosave: DraftAutosave = attachDraftAutosave(opened.store, db, scope);
  const restored = opened.restored;
  return {
    store: opened.store,
    // A draft whose edits the service already holds (saved, then reloaded before the draft was
    // dropped) merges to nothing: there is nothing to tell.
    notice:
      restored && opened.store.getState().dirty
        ? {
            kind: restored.key.baseRevision === server.revision ? 'restored' : 'merged',
            edits: restored.editCount,
            savedAt: restored.savedAt,
            conflicts: opened.conflicts.length,
          }
        : null,
    async discard() {
      undoAll(opened.store);
      await autosave.discard();
    },
    dispose() {
      autosave.dispose();
      opened.store.getState().actions.destroy();
    },
  };
}
