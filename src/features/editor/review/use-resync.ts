import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  describeError,
  queryKeys,
  taskQuery,
  useApiClient,
  useStartLyricsSync,
} from '../../../api';
import type { Alignment, LyricsSource, Task } from '../../../contract';
import { getItem, keepOutside } from '../../../timing';
import type { EditorStore } from '../store';
import type { ReviewMarks } from './review-marks';

export type ResyncScope = 'song' | 'selection';

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
  const queryClient = useQueryClient();
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
      const selected = new Set<string>();
      if (scope === 'selection') {
        const { doc, selection } = store.getState();
        for (const key of selection) {
          const item = getItem(doc, key);
          if (item) selected.add(`${item.line}/${item.word}`);
        }
        if (selected.size === 0) {
          setState({ phase: 'failed', message: 'Select the words to sync again first.' });
          return;
        }
      } else if (!marks.review) {
        setState({
          phase: 'failed',
          message:
            'This alignment was not made by a lyrics sync here, so your fixes are not known: select the words to sync again and choose “Selection”.',
        });
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
      const source: LyricsSource =
        scope === 'song'
          ? { type: 'alignment', alignmentId }
          : {
              type: 'alignment',
              alignmentId,
              // The stored items (after the save): the service knows only those ids.
              keepItemIds: keepOutside(store.getState().base.items, selected, marks.review),
            };
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

  // Done: show the new alignment in Compare with (once); it may need the project fetched again
  // (a task first seen after it had ended does not refresh it).
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

  const progress =
    shown.phase === 'running' && data?.output && 'progress' in data.output
      ? (data.output.progress ?? null)
      : null;
  return { state: shown, run, progress, dismiss: () => setState({ phase: 'idle' }) };
}
