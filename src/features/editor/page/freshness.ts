import type { EditorStore } from '../store';

/** How often the open editor asks the service whether its alignment changed (paused while hidden). */
export const REVISION_POLL_MS = 20_000;

/**
 * The revisions this editor's base has moved past (saved over, merged onto, loaded over). A server
 * copy still at one of them is an answer that left the service before our save landed (a poll in
 * flight during the save), not a newer version: revisions are tokens, they cannot be ordered.
 */
export function trackPastRevisions(store: EditorStore, past: Set<string>): () => void {
  return store.subscribe((state, prev) => {
    if (state.base.revision === prev.base.revision) return;
    past.add(prev.base.revision);
    past.delete(state.base.revision);
  });
}

export interface FreshnessInput {
  /** The alignment's revision as the service last answered (the project query). */
  serverRevision: string | undefined;
  /** The revision the draft is based on (the store's base). */
  baseRevision: string;
  isPast: (revision: string) => boolean;
  /** A save or load is under way: it moves the base itself. */
  busy: boolean;
  /** A merge waits for the conflict choices: the newer version is being merged already. */
  merging: boolean;
}

/** Is a newer version of the open alignment known to be saved on the service? */
export function newerOnServer({
  serverRevision,
  baseRevision,
  isPast,
  busy,
  merging,
}: FreshnessInput): boolean {
  if (serverRevision === undefined || busy || merging) return false;
  return serverRevision !== baseRevision && !isPast(serverRevision);
}
