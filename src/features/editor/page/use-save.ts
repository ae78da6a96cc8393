import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  ApiError,
  describeError,
  isAbortError,
  NetworkError,
  newIdempotencyKey,
  projectQuery,
  RevisionConflictError,
  useApiClient,
  useReplaceAlignment,
} from '../../../api';
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

const MAX_AUTO_MERGES = 3;

/**
 * Saving one alignment: PUT with `expectedRevision`, one Idempotency-Key per logical save (kept for
 * its retries), and on 409 a word-level merge onto the newer revision: clean merges are saved at
 * once, true conflicts wait for the `Resolve conflicts` dialog. A fault keeps everything.
 */
export function useSave(store: EditorStore, projectId: string, alignmentId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const replace = useReplaceAlignment(projectId);
  const [status, setStatus] = useState<SaveStatus>({ phase: 'idle' });
  // The key of a save that failed on the network, reused while the document is unchanged.
  const retryKey = useRef<{ key: string; doc: unknown; select: boolean } | null>(null);
  const busy = useRef(false);
  // How many words the last load brought, told once its conflicts are resolved.
  const loadedChanges = useRef(0);

  const freshServerAlignment = useCallback(async () => {
    const project = await queryClient.fetchQuery({
      ...projectQuery(client, projectId),
      staleTime: 0,
    });
    return { project, alignment: project.alignments.find((a) => a.id === alignmentId) };
  }, [client, queryClient, projectId, alignmentId]);

  const save = useCallback(
    async ({ select = false }: SaveOptions = {}) => {
      if (busy.current) return;
      busy.current = true;
      let merged: number | null = null;
      try {
        for (let round = 0; round <= MAX_AUTO_MERGES; round++) {
          const state = store.getState();
          if (state.pendingMerge) {
            setStatus({
              phase: 'conflicts',
              count: state.pendingMerge.conflicts.length,
              origin: 'save',
            });
            return;
          }
          const blocking = state.actions.validateNow().blocking;
          if (blocking > 0) {
            setStatus({ phase: 'blocked', problems: blocking });
            return;
          }
          setStatus({ phase: 'saving' });
          const doc = state.doc;
          const reuse = retryKey.current?.doc === doc && retryKey.current.select === select;
          const idempotencyKey =
            reuse && retryKey.current ? retryKey.current.key : newIdempotencyKey();
          retryKey.current = { key: idempotencyKey, doc, select };
          const selectionRevision = select
            ? (queryClient
                .getQueryData(projectQuery(client, projectId).queryKey)
                ?.alignments.find((a) => a.id === alignmentId)?.selectionRevision ??
              state.base.selectionRevision)
            : undefined;
          try {
            const stored = await replace.mutateAsync({
              alignmentId,
              idempotencyKey,
              body: {
                alignment: { items: state.actions.getSaveItems() },
                expectedRevision: state.base.revision,
                ...(select ? { select: true, expectedSelectionRevision: selectionRevision } : {}),
              },
            });
            retryKey.current = null;
            store.getState().actions.markSaved(savedFrom(stored));
            setStatus({ phase: 'saved', merged });
            return;
          } catch (error) {
            if (!(error instanceof RevisionConflictError)) throw error;
            retryKey.current = null;
            const { project, alignment } = await freshServerAlignment();
            if (!alignment) throw error;
            const base = store.getState().base;
            if (alignment.revision === base.revision) {
              // Only the selection moved on: say which alignment is active now.
              const active = project.alignments.find((a) => a.selected);
              setStatus({
                phase: 'selection-conflict',
                activeName: active ? alignmentLabel(active) : null,
              });
              return;
            }
            const theirs = savedFrom(alignment);
            merged = (merged ?? 0) + countChanged(base.items, theirs.items);
            const conflicts = store.getState().actions.rebase(theirs);
            if (conflicts.length > 0) {
              setStatus({ phase: 'conflicts', count: conflicts.length, origin: 'save' });
              return;
            }
          }
        }
        setStatus({
          phase: 'failed',
          title: 'Others keep saving this alignment',
          detail: 'Your edits are kept. Try saving again in a moment.',
          retryable: true,
        });
      } catch (error) {
        if (isAbortError(error)) return setStatus({ phase: 'idle' });
        const { title, detail } = describeError(error);
        const retryable =
          error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
        setStatus({ phase: 'failed', title, detail, retryable });
      } finally {
        busy.current = false;
      }
    },
    [store, client, queryClient, projectId, alignmentId, replace, freshServerAlignment],
  );

  /**
   * `Load newer version`: the service's newer revision becomes the base, and the draft's unsaved
   * edits are merged into it word by word (base / mine / theirs). Nothing unsaved is dropped: true
   * conflicts wait in the conflict dialog, and the result stays unsaved until the user saves.
   */
  const load = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus({ phase: 'loading' });
    try {
      const { alignment } = await freshServerAlignment();
      if (!alignment) {
        setStatus({
          phase: 'failed',
          title: 'This alignment is no longer in the project',
          detail: 'Your edits stay here; export them to keep them.',
          retryable: false,
        });
        return;
      }
      const state = store.getState();
      if (alignment.revision === state.base.revision) return setStatus({ phase: 'idle' });
      const theirs = savedFrom(alignment);
      const changed = countChanged(state.base.items, theirs.items);
      const kept = state.dirty;
      loadedChanges.current = changed;
      const conflicts = state.actions.rebase(theirs);
      setStatus(
        conflicts.length > 0
          ? { phase: 'conflicts', count: conflicts.length, origin: 'load' }
          : { phase: 'loaded', changed, kept },
      );
    } catch (error) {
      if (isAbortError(error)) return setStatus({ phase: 'idle' });
      const { title, detail } = describeError(error);
      setStatus({ phase: 'failed', title, detail, retryable: false });
    } finally {
      busy.current = false;
    }
  }, [store, freshServerAlignment]);

  /** The conflict dialog's choices: applied, then saved when a save asked, kept unsaved after a load. */
  const resolve = useCallback(
    (choices: Readonly<Record<string, ConflictChoice>>) => {
      store.getState().actions.resolveConflicts(choices);
      if (status.phase === 'conflicts' && status.origin === 'load') {
        setStatus({ phase: 'loaded', changed: loadedChanges.current, kept: true });
        return;
      }
      void save();
    },
    [store, status, save],
  );

  return { status, save, load, resolve, dismiss: () => setStatus({ phase: 'idle' }) };
}
