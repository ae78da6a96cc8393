import { useSyncExternalStore } from 'react';

/** A drag in progress as the word list needs it (the timeline's `DragPreview` is one). */
export type LivePreview =
  | { kind: 'shift'; keys: ReadonlySet<string>; deltaSeconds: number }
  | { kind: 'replace'; items: ReadonlyMap<string, { start: number; end: number }> };

/** Where the page keeps the drag preview (outside React: it changes on every pointer move). */
export interface LivePreviewSource {
  get: () => LivePreview | null;
  subscribe: (listener: () => void) => () => void;
}

export interface LiveTimes {
  start: number;
  end: number;
  /** The word is being dragged: the times are the preview's, not yet committed. */
  live: boolean;
}

const noSubscription = () => () => {};

/**
 * What a preview says of one word: a shift (number), replacement times, or null when it does not
 * move it. Numbers compare by value and replacements by reference, so a pointer move re-renders
 * only the rows of the words it moves.
 */
function previewOf(preview: LivePreview | null, key: string) {
  if (!preview) return null;
  if (preview.kind === 'shift') return preview.keys.has(key) ? preview.deltaSeconds : null;
  return preview.items.get(key) ?? null;
}

/** A word row's times, following a live drag of that word; the committed times otherwise. */
export function useLiveTimes(
  source: LivePreviewSource | undefined,
  key: string,
  start: number,
  end: number,
): LiveTimes {
  const moved = useSyncExternalStore(source?.subscribe ?? noSubscription, () =>
    previewOf(source?.get() ?? null, key),
  );
  if (moved === null) return { start, end, live: false };
  if (typeof moved === 'number') return { start: start + moved, end: end + moved, live: true };
  return { start: moved.start, end: moved.end, live: true };
}
