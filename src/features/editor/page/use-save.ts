import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { projectQuery, useApiClient, useReplaceAlignment } from '../../../api';
import type { ConflictChoice } from '../store';
import type { EditorStore } from './editor-sessions';
import {
  loadNewer,
  newSaveMemory,
  resolveConflicts,
  saveAlignment,
  type SaveOptions,
  type SavePorts,
  type SaveStatus,
} from './save-flow';

export type { SaveOptions, SaveStatus } from './save-flow';

/**
 * Saving one alignment (the flow is `save-flow.ts`): PUT with `expectedRevision`, one
 * Idempotency-Key per logical save (kept for its retries), and on 409 a word-level merge onto the
 * newer revision: clean merges are saved at once, true conflicts wait for the `Resolve conflicts`
 * dialog. A fault keeps everything.
 */
export function useSave(store: EditorStore, projectId: string, alignmentId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { mutateAsync } = useReplaceAlignment(projectId);
  const [status, setStatus] = useState<SaveStatus>({ phase: 'idle' });
  const [memory] = useState(newSaveMemory);
  const ports = useMemo<SavePorts>(
    () => ({
      store,
      setStatus,
      put: ({ idempotencyKey, body }) => mutateAsync({ alignmentId, idempotencyKey, body }),
      fresh: async () => {
        const project = await queryClient.fetchQuery({
          ...projectQuery(client, projectId),
          staleTime: 0,
        });
        return { project, alignment: project.alignments.find((a) => a.id === alignmentId) };
      },
      cachedSelectionRevision: () =>
        queryClient
          .getQueryData(projectQuery(client, projectId).queryKey)
          ?.alignments.find((a) => a.id === alignmentId)?.selectionRevision,
    }),
    [store, client, queryClient, projectId, alignmentId, mutateAsync],
  );
  const save = useCallback(
    ({ select = false }: SaveOptions = {}) => saveAlignment(ports, memory, select),
    [ports, memory],
  );
  const load = useCallback(() => loadNewer(ports, memory), [ports, memory]);
  const resolve = useCallback(
    (choices: Readonly<Record<string, ConflictChoice>>) => {
      if (resolveConflicts(ports, memory, status, choices)) void save();
    },
    [ports, memory, status, save],
  );
  return { status, save, load, resolve, dismiss: () => setStatus({ phase: 'idle' }) };
}
