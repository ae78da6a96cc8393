import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { syncReviewQuery, useApiClient } from '../../../api';
import { getItem, indexOfKey, keyOf, type TimingDoc } from '../../../timing';
import type { StemPlayer } from '../audio/stem-player';
import type { ViewState } from '../timeline/view-state';
import type { EditorStore } from '../store';
import { revealRange } from '../timeline/reveal';
import type { ZoomLimits } from '../timeline/viewport';
import { createReviewMarks, findUncertain, type ReviewMarks } from './review-marks';

interface Deps {
  projectId: string;
  alignmentId: string;
  store: EditorStore;
  player: StemPlayer;
  view: ViewState;
  limits: () => ZoomLimits;
}

export interface Review {
  marks: ReviewMarks;
  /** The review is still being looked for. */
  loading: boolean;
  /** Looking for it failed (the marks are then empty; editing is not affected). */
  failed: boolean;
  /** Goes to the next (1) or previous (-1) uncertain word; returns the sentence to show. */
  go: (direction: 1 | -1) => string;
}

const words = new WeakMap<ReadonlySet<string>, number>();

/** How many words (not sub-words) a set of item keys covers, once per set. */
export function wordCount(doc: TimingDoc, keys: ReadonlySet<string>): number {
  let count = words.get(keys);
  if (count === undefined) {
    const set = new Set<string>();
    for (const key of keys) {
      const item = getItem(doc, key);
      if (item) set.add(`${item.line}/${item.word}`);
    }
    count = set.size;
    words.set(keys, count);
  }
  return count;
}

/**
 * The open alignment's review: its sync's confidences (looked up once), the marks, and "Next /
 * Previous uncertain word" (buttons and `u` / `Shift+u`): select the word, seek to it and show it.
 */
export function useReview({ projectId, alignmentId, store, player, view, limits }: Deps): Review {
  const client = useApiClient();
  const query = useQuery(syncReviewQuery(client, projectId, alignmentId));
  const review = query.data ?? null;
  const marks = useMemo(() => createReviewMarks(review), [review]);

  const go = useCallback(
    (direction: 1 | -1): string => {
      if (query.isPending) return 'Still looking for the sync’s confidence…';
      if (!marks.review)
        return 'No confidence for this alignment: it was not made by a lyrics sync here.';
      if (!marks.hasConfidence)
        return 'The sync that made this alignment gave no confidence for its words.';
      const { doc, selection, actions } = store.getState();
      const uncertain = marks.uncertainOf(doc);
      if (uncertain.size === 0)
        return 'No uncertain words left: every word the sync was unsure of has been retimed.';
      let index = -1;
      for (const key of selection) {
        const i = indexOfKey(doc, key);
        if (i >= 0 && (index < 0 || (direction > 0 ? i > index : i < index))) index = i;
      }
      const item = findUncertain(doc, uncertain, { index, time: player.getTime() }, direction);
      if (!item) return 'No uncertain words left.';
      const key = keyOf(item);
      // The whole word (all its uncertain sub-words) is selected.
      const keys = [...uncertain].filter((k) => {
        const other = getItem(doc, k);
        return other && other.line === item.line && other.word === item.word;
      });
      actions.select(keys.length > 0 ? keys : [key], 'replace');
      player.seek(item.start);
      let end = item.end;
      for (const k of keys) end = Math.max(end, getItem(doc, k)?.end ?? end);
      view.set(revealRange(view.get(), item.start, end, limits()));
      const confidence = marks.confidenceOf(key);
      const percent =
        confidence === undefined ? '' : `, confidence ${Math.round(confidence * 100)}%`;
      const total = wordCount(doc, uncertain);
      return `Uncertain word “${wordText(doc, keys, item.text)}” at line ${item.line + 1}${percent} (${total} uncertain word${total === 1 ? '' : 's'} left).`;
    },
    [query.isPending, marks, store, player, view, limits],
  );

  const loading = query.isPending;
  const failed = query.isError;
  return useMemo(() => ({ marks, loading, failed, go }), [marks, loading, failed, go]);
}

/** A word's text from its selected sub-words (the whole word when all are uncertain). */
function wordText(doc: TimingDoc, keys: readonly string[], fallback: string): string {
  const parts = keys
    .map((k) => getItem(doc, k))
    .filter((x) => x !== undefined)
    .sort((a, b) => a.subword - b.subword);
  return parts.length > 0 ? parts.map((x) => x.text).join('') : fallback;
}
