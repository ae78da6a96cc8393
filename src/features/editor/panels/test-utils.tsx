import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AlignmentItem } from '../../../contract';
import { createEditorStore, EditorStoreProvider, type EditorStore } from '../store';
import type { LivePreview, LivePreviewSource } from './live-preview';
import type { PlaybackClock } from './playback-clock';

export const word = (
  line: number,
  wordIndex: number,
  start: number,
  end: number,
  text: string,
): AlignmentItem => ({
  id: `w${line}-${wordIndex}`,
  line,
  word: wordIndex,
  subword: 0,
  start,
  end,
  text,
});

export function makeStore(items: readonly AlignmentItem[], duration = 60): EditorStore {
  return createEditorStore({
    items,
    revision: 'r1',
    selectionRevision: 's1',
    duration,
    validationDelayMs: 0,
  });
}

export function renderWithStore(store: EditorStore, ui: ReactElement) {
  return render(<EditorStoreProvider store={store}>{ui}</EditorStoreProvider>);
}

/** A clock the test drives by hand. */
export function fakeClock(start = 0): PlaybackClock & { set(t: number): void; calls: string[] } {
  let time = start;
  let playing = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    calls: [],
    getTime: () => time,
    isPlaying: () => playing,
    seek(t) {
      this.calls.push(`seek ${t}`);
      time = t;
      notify();
    },
    play() {
      this.calls.push('play');
      playing = true;
      notify();
    },
    set(t) {
      time = t;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Test helper: a live-preview source whose preview `set` replaces (inside act) and announces. */
export function fakePreviewSource() {
  let preview: LivePreview | null = null;
  const listeners = new Set<() => void>();
  const src: LivePreviewSource = {
    get: () => preview,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: LivePreview | null) =>
    act(() => {
      preview = next;
      listeners.forEach((l) => l());
    });
  return { src, set };
}
