import {
  ApiError,
  describeError,
  isAbortError,
  NetworkError,
  newIdempotencyKey,
  RevisionConflictError,
} from '../../../api';
import type { Alignment, AlignmentItem, Project } from '../../../contract';
import type { ConflictChoice } from '../store';
import { alignmentLabel } from '../tools/alignment-label';
import { countChanged } from './count-changed';
import type { EditorStore } from './editor-sessions';
import { savedFrom } from './editor-sessions';

export type SaveStatus =
  | { phase: 'idle' }
  | { phase: 'saving' }
  | { phase: 'loading' }
  | { phase: 'saved'; merged: number | null }
  /** A newer version was loaded: `changed` words came with it; `kept`: unsaved edits were merged in. */
  | { phase: 'loaded'; changed: number; kept: boolean }
  | { phase: 'blocked'; problems: number }
  | { phase: 'failed'; title: string; detail?: string; retryable: boolean }
  /** `origin`: what the choices finish: a save (then it saves) or a load (then it only merges). */
  | { phase: 'conflicts'; count: number; origin: 'save' | 'load' }
  | { phase: 'selection-conflict'; activeName: string | null };

export interface SaveOptions {
  /** Also make this alignment the active one (`select: true`). */
  select?: boolean;
}

export const MAX_AUTO_MERGES = 3;

/** What a save reaches outside the store: the service, the query cache, the status shown. */
export interface SavePorts {
  store: EditorStore;
  /** `PUT /projects/{p}/alignments/{a}` with its Idempotency-Key. */
  put: (request: {
    idempotencyKey: string;
    body: {
      alignment: { items: AlignmentItem[] };
      expectedRevision: string;
      select?: true;
      expectedSelectionRevision?: string;
    };
  }) => Promise<Alignment>;
  /** The project as the service has it now (not the cache), and this alignment in it. */
  fresh: () => Promise<{ project: Project; alignment: Alignment | undefined }>;
  /** The selection revision the cached project knows (for "Save and make active"). */
  cachedSelectionRevision: () => string | undefined;
  setStatus: (status: SaveStatus) => void;
}

/** What a save remembers between calls: a failed save's key (for its retries) and a running flag. */
export interface SaveMemory {
  retryKey: { key: string; doc: unknown; select: boolean } | null;
  busy: boolean;
  /** How many words the last load brought, told once its conflicts are resolved. */
  loadedChanges: number;
}

export const newSaveMemory = (): SaveMemory => ({ retryKey: null, busy: false, loadedChanges: 0 });

/** A fault as the save bar says it: retryable on the network or a 5xx, never a stack. */
function failure(error: unknown, retryable: boolean): SaveStatus {
  if (isAbortError(error)) return { phase: 'idle' };
  const { title, detail } = describeError(error);
  return { phase: 'failed', title, detail, retryable };
}
const retryableError = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

/** Runs `work` unless a save or load is running; marks it running meanwhile. */
async function exclusive(memory: SaveMemory, work: () => Promise<void>): Promise<void> {
  if (memory.busy) return;
  memory.busy = true;
  try {
    await work();
  } finally {
    memory.busy = false;
  }
}

/** One PUT of the store's document; the key is reused while a failed save's document is unchanged. */
function putOnce(ports: SavePorts, memory: SaveMemory, select: boolean): Promise<Alignment> {
  const state = ports.store.getState();
  const doc = state.doc;
  const reuse = memory.retryKey?.doc === doc && memory.retryKey.select === select;
  const idempotencyKey = reuse && memory.retryKey ? memory.retryKey.key : newIdempotencyKey();
  memory.retryKey = { key: idempotencyKey, doc, select };
  const expectedSelectionRevision = () =>
    ports.cachedSelectionRevision() ?? state.base.selectionRevision;
  return ports.put({
    idempotencyKey,
    body: {
      alignment: { items: state.actions.getSaveItems() },
      expectedRevision: state.base.revision,
      ...(select ? { select: true, expectedSelectionRevision: expectedSelectionRevision() } : {}),
    },
  });
}

/** What stops a save before it is sent: conflicts still open, or problems the service rejects. */
function stopBeforeSave(store: EditorStore): SaveStatus | null {
  const state = store.getState();
  if (state.pendingMerge)
    return { phase: 'conflicts', count: state.pendingMerge.conflicts.length, origin: 'save' };
  const blocking = state.actions.validateNow().blocking;
  return blocking > 0 ? { phase: 'blocked', problems: blocking } : null;
}

/**
 * After a 409: the fresh alignment merged in (null: go on and save again), or what to say (only
 * the selection moved on; true conflicts wait for the dialog).
 */
async function mergeAfterConflict(
  ports: SavePorts,
  error: RevisionConflictError,
  counted: (changed: number) => void,
): Promise<SaveStatus | null> {
  const { project, alignment } = await ports.fresh();
  if (!alignment) throw error;
  const base = ports.store.getState().base;
  if (alignment.revision === base.revision) {
    const active = project.alignments.find((a) => a.selected);
    return { phase: 'selection-conflict', activeName: active ? alignmentLabel(active) : null };
  }
  const theirs = savedFrom(alignment);
  counted(countChanged(base.items, theirs.items));
  const conflicts = ports.store.getState().actions.rebase(theirs);
  return conflicts.length > 0
    ? { phase: 'conflicts', count: conflicts.length, origin: 'save' }
    : null;
}

/**
 * Saving one alignment: PUT with `expectedRevision`, one Idempotency-Key per logical save (kept for
 * its retries), and on 409 a word-level merge onto the newer revision: clean merges are saved at
 * once (up to MAX_AUTO_MERGES rounds), true conflicts wait for `Resolve conflicts`. A fault keeps
 * everything.
 */
export function saveAlignment(ports: SavePorts, memory: SaveMemory, select: boolean) {
  let merged: number | null = null;
  const counted = (changed: number) => {
    merged = (merged ?? 0) + changed;
  };
  return exclusive(memory, async () => {
    try {
      for (let round = 0; round <= MAX_AUTO_MERGES; round++) {
        const stop = stopBeforeSave(ports.store);
        if (stop) return ports.setStatus(stop);
        ports.setStatus({ phase: 'saving' });
        try {
          const stored = await putOnce(ports, memory, select);
          memory.retryKey = null;
          ports.store.getState().actions.markSaved(savedFrom(stored));
          return ports.setStatus({ phase: 'saved', merged });
        } catch (error) {
          if (!(error instanceof RevisionConflictError)) throw error;
          memory.retryKey = null;
          const said = await mergeAfterConflict(ports, error, counted);
          if (said) return ports.setStatus(said);
        }
      }
      ports.setStatus({
        phase: 'failed',
        title: 'Others keep saving this alignment',
        detail: 'Your edits are kept. Try saving again in a moment.',
        retryable: true,
      });
    } catch (error) {
      ports.setStatus(failure(error, retryableError(error)));
    }
  });
}

/**
 * `Load newer version`: the service's newer revision becomes the base, and the draft's unsaved
 * edits are merged into it word by word (base / mine / theirs). Nothing unsaved is dropped: true
 * conflicts wait in the conflict dialog, and the result stays unsaved until the user saves.
 */
export function loadNewer(ports: SavePorts, memory: SaveMemory) {
  return exclusive(memory, async () => {
    ports.setStatus({ phase: 'loading' });
    try {
      const { alignment } = await ports.fresh();
      if (!alignment)
        return ports.setStatus({
          phase: 'failed',
          title: 'This alignment is no longer in the project',
          detail: 'Your edits stay here; export them to keep them.',
          retryable: false,
        });
      const state = ports.store.getState();
      if (alignment.revision === state.base.revision) return ports.setStatus({ phase: 'idle' });
      const theirs = savedFrom(alignment);
      const changed = countChanged(state.base.items, theirs.items);
      memory.loadedChanges = changed;
      const conflicts = state.actions.rebase(theirs);
      ports.setStatus(
        conflicts.length > 0
          ? { phase: 'conflicts', count: conflicts.length, origin: 'load' }
          : { phase: 'loaded', changed, kept: state.dirty },
      );
    } catch (error) {
      ports.setStatus(failure(error, false));
    }
  });
}

/**
 * The conflict dialog's choices: applied, then saved when a save asked (true is returned: save
 * now), kept unsaved after a load.
 */
export function resolveConflicts(
  ports: SavePorts,
  memory: SaveMemory,
  status: SaveStatus,
  choices: Readonly<Record<string, ConflictChoice>>,
): boolean {
  ports.store.getState().actions.resolveConflicts(choices);
  if (status.phase === 'conflicts' && status.origin === 'load') {
    ports.setStatus({ phase: 'loaded', changed: memory.loadedChanges, kept: true });
    return false;
  }
  return true;
}
