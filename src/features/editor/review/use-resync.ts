import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  describeError,
  queryKeys,
  taskQuery,
  useApiClient,
  useStartLyricsSync,
} from '../../../api';
import type { Alignment, Task } from '../../../contract';
import type { EditorStore } from '../store';
import type { ReviewMarks } from './review-marks';
import { resyncSelection, resyncSource, type ResyncScope } from './resync-plan';

export type { ResyncScope };

export type ResyncState =
  | { phase: 'idle' }
  | { phase: 'saving' }
  | { phase: 'starting' }
  | { phase: 'running'; taskId: string }
  | { phase: 'done'; alignmentId: string }
  | { phase: 'failed'; message: string };

interface Deps {
  projectId: string;
  alignmentId: string;
  store: EditorStore;
  marks: ReviewMarks;
  /** Saves unsaved edits; resolves true when nothing is left unsaved. */
  saveFirst: () => Promise<boolean>;
  /** The project's other alignments (the new one appears here once the task has ended). */
  others: readonly Alignment[];
  /** Shows the new alignment in "Compare with". */
  compareWith: (alignmentId: string) => void;
}

/** What the user sees: a running sync becomes done or failed from its task. */
export function shownState(
  state: ResyncState,
  task: Task | undefined,
  made: string | null,
  arrived: boolean,
): ResyncState {
  if (state.phase !== 'running' || !task) return state;
  if (task.status === 'completed') {
    if (!made) return { phase: 'failed', message: 'The sync ended without a new alignment.' };
    return arrived ? { phase: 'done', alignmentId: made } : state;
  }
  if (task.status === 'failed' || task.status === 'cancelled' || task.status === 'timed-out') {
    const how = task.status === 'failed' ? 'failed' : `was ${task.status.replace('-', ' ')}`;
    const why = (task.error ?? 'no reason given').replace(/\.$/, '');
    return { phase: 'failed', message: `The sync ${how}: ${why}. Your alignment is unchanged.` };
  }
  return state;
}

/**
 * Once the sync's new alignment is in the project, shows it in "Compare with" (once); it may need
 * the project fetched again (a task first seen after it had ended does not refresh it).
 */
function useCompareWhenArrived(
  made: string | null,
  arrived: boolean,
  compareWith: (alignmentId: string) => void,
  projectId: string,
) {
  const queryClient = useQueryClient();
  const compared = useRef<string | null>(null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!made) return;
    if (arrived) {
      if (compared.current === made) return;
      compared.current = made;
      compareWith(made);
    } else if (asked.current !== made) {
      asked.current = made;
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true });
    }
  }, [made, arrived, compareWith, queryClient, projectId]);
}

/**
 * "Sync again around my fixes": saves first (the service syncs what is stored), starts a lyrics
 * sync of this alignment with the words to keep (whole song: the service's default, the words
 * retimed since the sync; selection: every word outside the selected ones, and the retimed ones
 * inside), follows the task, and opens the new alignment in "Compare with" when it is there.
 */
export function useResync({
  projectId,
  alignmentId,
  store,
  marks,
  saveFirst,
  others,
  compareWith,
}: Deps) {
  const client = useApiClient();
  const start = useStartLyricsSync(projectId);
  const [state, setState] = useState<ResyncState>({ phase: 'idle' });
  const taskId = state.phase === 'running' ? state.taskId : null;
  const task = useQuery({ ...taskQuery(client, taskId ?? '', projectId), enabled: !!taskId });
  const data = taskId ? task.data : undefined;
  const made =
    data?.status === 'completed' && data.output && 'alignmentId' in data.output
      ? data.output.alignmentId
      : null;
  const arrived = made !== null && others.some((a) => a.id === made);
  const shown = shownState(state, data, made, arrived);
  const busy = shown.phase === 'saving' || shown.phase === 'starting' || shown.phase === 'running';

  const run = useCallback(
    async (scope: ResyncScope) => {
      if (busy) return;
      const plan = resyncSelection(scope, store.getState(), marks.review);
      if ('refused' in plan) {
        setState({ phase: 'failed', message: plan.refused });
        return;
      }
      if (store.getState().dirty) {
        setState({ phase: 'saving' });
        if (!(await saveFirst())) {
          setState({
            phase: 'failed',
            message:
              'Your edits could not be saved (see the save status), so the sync did not start.',
          });
          return;
        }
      }
      setState({ phase: 'starting' });
      const stored = store.getState().base.items;
      const source = resyncSource(scope, alignmentId, stored, plan.selected, marks.review);
      try {
        const started = await start.mutateAsync(source);
        setState({ phase: 'running', taskId: started.taskId });
      } catch (error) {
        const { title, detail } = describeError(error);
        setState({ phase: 'failed', message: `Could not start the sync: ${detail ?? title}` });
      }
    },
    [busy, store, marks.review, saveFirst, alignmentId, start],
  );
  useCompareWhenArrived(made, arrived, compareWith, projectId);

  const progress =
    shown.phase === 'running' && data?.output && 'progress' in data.output
      ? (data.output.progress ?? null)
      : null;
  return { state: shown, run, progress, dismiss: () => setState({ phase: 'idle' }) };
}
