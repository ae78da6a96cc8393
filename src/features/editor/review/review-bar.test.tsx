import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncReview } from '../../../contract';
import { WordList } from '../panels';
import { fakeClock, makeStore, renderWithStore, word } from '../panels/test-utils';
import { ReviewBar, reviewSummary } from './review-bar';
import { ReviewMarksContext } from './review-context';
import { createReviewMarks } from './review-marks';
import type { Review } from './use-review';
import type { ResyncState } from './use-resync';

beforeAll(() => {
  // happy-dom has no layout: give the word list's scroller a viewport so it renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 400 });
});

const items = [
  word(0, 0, 1, 1.5, 'morning'),
  word(0, 1, 1.5, 2, 'light'),
  word(1, 0, 4, 4.5, 'river'),
];
const review: SyncReview = {
  alignmentId: 'a1',
  confidence: { 'w0-0': 0.9, 'w0-1': 0.35, 'w1-0': 0.2 },
  synced: Object.fromEntries(items.map((x) => [x.id!, [x.start, x.end]])),
};

function setup(state: ResyncState = { phase: 'idle' }, progress: number | null = null) {
  const store = makeStore(items);
  const marks = createReviewMarks(review);
  const go = vi.fn((direction: 1 | -1) => `went ${direction}`);
  const reviewState: Review = { marks, loading: false, failed: false, go };
  const run = vi.fn();
  let message: string | null = null;
  const ui = () => (
    <ReviewMarksContext.Provider value={marks}>
      <ReviewBar
        review={reviewState}
        resync={{ state, run, progress, dismiss: () => {} }}
        nameOf={() => 'Synced around fixes'}
        message={message}
        say={(m) => (message = m)}
      />
      <WordList player={fakeClock()} />
    </ReviewMarksContext.Provider>
  );
  const view = renderWithStore(store, ui());
  return { store, go, run, rerender: () => view.rerender(ui()), said: () => message };
}

describe('ReviewBar and the word list marks', () => {
  it('counts and marks the uncertain words; retiming one clears its mark', () => {
    const { store } = setup();
    expect(screen.getByText('2 uncertain words')).toBeTruthy();
    const badges = () => document.querySelectorAll('.row-uncertain');
    expect(badges()).toHaveLength(2);
    expect(
      screen.getByText(/uncertain: The sync is unsure of this word \(confidence 35%\)/),
    ).toBeTruthy();
    act(() => {
      store.getState().actions.select(['w1-0'], 'replace');
      store.getState().actions.nudge(1, 'normal');
    });
    expect(screen.getByText('1 uncertain word')).toBeTruthy();
    expect(badges()).toHaveLength(1);
  });

  it('the buttons go to the next / previous uncertain word and say where', () => {
    const { go, said } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Next uncertain word' }));
    expect(go).toHaveBeenLastCalledWith(1);
    expect(said()).toBe('went 1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous uncertain word' }));
    expect(go).toHaveBeenLastCalledWith(-1);
    expect(
      screen.getByRole('button', { name: 'Next uncertain word' }).getAttribute('aria-keyshortcuts'),
    ).toBe('U');
  });

  it('starts a sync over the chosen scope', () => {
    const { run } = setup();
    fireEvent.change(screen.getByLabelText('Sync again over'), { target: { value: 'selection' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sync again around my fixes' }));
    expect(run).toHaveBeenCalledWith('selection');
  });

  it('shows progress while running, blocks a second start, and says why it failed', () => {
    setup({ phase: 'running', taskId: 't1' }, 0.42);
    expect(screen.getByText(/Syncing around your fixes… 42%/)).toBeTruthy();
    expect(screen.getByLabelText('Sync around your fixes')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Sync again around my fixes' })
        .disabled,
    ).toBe(true);
    cleanup();
    setup({ phase: 'failed', message: 'The sync failed: no audio. Your alignment is unchanged.' });
    expect(screen.getByRole('alert').textContent).toMatch(/^The sync failed: no audio\./);
  });
});

describe('reviewSummary', () => {
  const marks = (hasConfidence: boolean) =>
    ({ review: hasConfidence ? {} : null, hasConfidence }) as unknown as Review['marks'];
  it('says loading, no confidence, none, or how many', () => {
    expect(reviewSummary({ loading: true, marks: marks(true) }, 3)).toMatch(/Looking/);
    expect(reviewSummary({ loading: false, marks: marks(false) }, 3)).toBe(
      'No sync confidence for this alignment',
    );
    expect(reviewSummary({ loading: false, marks: marks(true) }, 0)).toBe('No uncertain words');
    expect(reviewSummary({ loading: false, marks: marks(true) }, 1)).toBe('1 uncertain word');
    expect(reviewSummary({ loading: false, marks: marks(true) }, 4)).toBe('4 uncertain words');
  });
});
