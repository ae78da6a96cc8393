import { useEffect, useMemo, useState } from 'react';
import type { Alignment, Project } from '../../../contract';
import type { StemPlayer } from '../audio';
import { useResync, useReview } from '../review';
import type { EditorStore } from '../store';
import type { TimelineWiring } from './use-timeline-wiring';

interface Options {
  project: Project;
  alignmentId: string;
  store: EditorStore;
  player: StemPlayer;
  timeline: TimelineWiring;
  saveFirst: () => Promise<boolean>;
  /** The project's other alignments ("Compare with"). */
  others: readonly Alignment[];
  compareWith: (alignmentId: string) => void;
}

/**
 * Review after a sync: low-confidence words marked (on the canvas through the page's extras),
 * next / previous uncertain word, and sync again around the fixes (opened in Compare with when
 * done).
 */
export function useReviewWiring(options: Options) {
  const { project, alignmentId, store, player, timeline, saveFirst, others, compareWith } = options;
  const { view, limits, extras } = timeline;
  const review = useReview({ projectId: project.id, alignmentId, store, player, view, limits });
  const [message, say] = useState<string | null>(null);
  const resync = useResync({
    projectId: project.id,
    alignmentId,
    store,
    marks: review.marks,
    saveFirst,
    others,
    compareWith,
  });
  useEffect(() => {
    const { marks } = review;
    extras.set({ ...extras.get(), uncertain: (doc) => marks.uncertainOf(doc) });
  }, [extras, review]);
  const commands = useMemo(
    () => ({
      nextUncertain: () => say(review.go(1)),
      previousUncertain: () => say(review.go(-1)),
    }),
    [review],
  );
  return { review, resync, message, say, commands };
}
