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

const noSubscription = () => () => {};

/** Whether a preview moves the word `key`. */
function moves(preview: LivePreview | null, key: string): boolean {
  if (!preview) return false;
  return preview.kind === 'shift' ? preview.keys.has(key) : preview.items.has(key);
}

/**
 * Whether a drag on the timeline is moving the word `key` now. A boolean, so a pointer move
 * re-renders no row: only the timeline draws per frame of a drag (issue 24); a row turns "moving"
 * when its word's drag starts and shows the new times once the drag is committed.
 */
export function useDragged(source: LivePreviewSource | undefined, key: string): boolean {
  return useSyncExternalStore(source?.subscribe ?? noSubscription, () =>
    moves(source?.get() ?? null, key),
  );
}
