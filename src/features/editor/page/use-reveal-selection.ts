import { useEffect } from 'react';
import { indexOfKey, itemAt } from '../../../timing';
import type { PlaybackClock } from '../panels';
import type { EditorStore } from '../store';
import { overlapsView, revealRange } from '../timeline/reveal';
import type { ZoomLimits } from '../timeline/viewport';
import type { ViewState } from '../timeline/view-state';

/** Bigger selections are deliberate ranges: the view is left where the user put it. */
const MAX_CHECKED = 1000;

/**
 * When the selection changes to words of which none is on screen (a word list row, a conflict's
 * `Show` button, a problem), scroll the timeline to the first of them. Selections made on the
 * canvas always include a visible word, so they never move the view; neither does anything while
 * playing (the view follows the playhead then).
 */
export function useRevealSelection(
  store: EditorStore,
  view: ViewState,
  limits: () => ZoomLimits,
  player: Pick<PlaybackClock, 'isPlaying'>,
) {
  useEffect(
    () =>
      store.subscribe((state, prev) => {
        const { selection, doc } = state;
        if (selection === prev.selection || selection.size === 0) return;
        if (selection.size > MAX_CHECKED || player.isPlaying()) return;
        const v = view.get();
        let first = -1;
        for (const key of selection) {
          const index = indexOfKey(doc, key);
          const item = itemAt(doc, index);
          if (!item) continue;
          if (overlapsView(v, item.start, item.end)) return;
          if (first < 0 || index < first) first = index;
        }
        const item = itemAt(doc, first);
        if (item) view.set(revealRange(v, item.start, item.end, limits()));
      }),
    [store, view, limits, player],
  );
}
