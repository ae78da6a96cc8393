import { useId, useState } from 'react';
import { useEditor } from '../store';
import type { Review } from './use-review';
import { wordCount } from './use-review';
import type { ResyncScope, ResyncState } from './use-resync';
import '../bars.css';
import './review.css';

interface Props {
  review: Review;
  resync: {
    state: ResyncState;
    run: (scope: ResyncScope) => void;
    progress: number | null;
    dismiss: () => void;
  };
  /** The name of the alignment a finished sync made (for the sentence that points to it). */
  nameOf: (alignmentId: string) => string;
  /** Where "Next uncertain word" says what it found. */
  message: string | null;
  say: (message: string | null) => void;
}

/** What the bar says of the review: loading, no confidence, none or how many uncertain words. */
export function reviewSummary(review: Pick<Review, 'loading' | 'marks'>, count: number): string {
  if (review.loading) return 'Looking for the sync’s confidence…';
  if (!review.marks.review || !review.marks.hasConfidence)
    return 'No sync confidence for this alignment';
  return count === 0 ? 'No uncertain words' : `${count} uncertain word${count === 1 ? '' : 's'}`;
}

/**
 * Review after a sync: how many words the sync is unsure of, "Previous / Next uncertain word"
 * (Shift+U / U), and "Sync again around my fixes" over the whole song or the selection, with the
 * task's progress and a clear sentence when it fails.
 */
export function ReviewBar({ review, resync, nameOf, message, say }: Props) {
  const ids = { scope: useId(), status: useId() };
  const [scope, setScope] = useState<ResyncScope>('song');
  const count = useEditor((s) => wordCount(s.doc, review.marks.uncertainOf(s.doc)));
  const { state } = resync;
  const busy = state.phase === 'saving' || state.phase === 'starting' || state.phase === 'running';
  const summary = reviewSummary(review, count);

  return (
    <div className="review-bar" role="group" aria-label="Review">
      <span className="review-count" data-count={count}>
        {count > 0 && <span className="uncertain-swatch" aria-hidden="true" />}
        {summary}
      </span>
      <button type="button" onClick={() => say(review.go(-1))} aria-keyshortcuts="Shift+U">
        Previous uncertain word
      </button>
      <button type="button" onClick={() => say(review.go(1))} aria-keyshortcuts="U">
        Next uncertain word
      </button>
      <span className="review-resync">
        <label htmlFor={ids.scope}>Sync again over</label>
        <select
          id={ids.scope}
          value={scope}
          onChange={(e) => setScope(e.target.value === 'selection' ? 'selection' : 'song')}
          disabled={busy}
        >
          <option value="song">Whole song</option>
          <option value="selection">Selection</option>
        </select>
        <button
          type="button"
          onClick={() => resync.run(scope)}
          disabled={busy}
          aria-describedby={ids.status}
        >
          Sync again around my fixes
        </button>
      </span>
      <div id={ids.status} className="review-status">
        {state.phase === 'saving' && <p role="status">Saving your edits first…</p>}
        {state.phase === 'starting' && <p role="status">Starting the sync…</p>}
        {state.phase === 'running' && (
          <p role="status" className="review-progress">
            <progress
              max={1}
              value={resync.progress ?? undefined}
              aria-label="Sync around your fixes"
            />{' '}
            Syncing around your fixes…
            {resync.progress !== null ? ` ${Math.round(resync.progress * 100)}%` : ''}
          </p>
        )}
        {state.phase === 'done' && (
          <p role="status" className="review-done">
            Synced around your fixes: “{nameOf(state.alignmentId)}” is shown in Compare with. Select
            words and press Take from comparison (C) to use its timing.{' '}
            <button type="button" className="link-button" onClick={resync.dismiss}>
              Dismiss
            </button>
          </p>
        )}
        {state.phase === 'failed' && (
          <p role="alert" className="review-failed">
            {state.message}{' '}
            <button type="button" className="link-button" onClick={resync.dismiss}>
              Dismiss
            </button>
          </p>
        )}
        {message && state.phase === 'idle' && <p role="status">{message}</p>}
      </div>
    </div>
  );
}
