import { useEffect, useSyncExternalStore, type RefObject } from 'react';

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
 * re-renders no row (issue 24): a row renders when its word starts or stops moving; its times
 * follow the drag through `useLiveTimeFields`, without a render.
 */
export function useDragged(source: LivePreviewSource | undefined, key: string): boolean {
  return useSyncExternalStore(source?.subscribe ?? noSubscription, () =>
    moves(source?.get() ?? null, key),
  );
}

/** The times a preview gives the word `key` (committed `start`/`end`), or null: it does not move it. */
export function liveTimes(
  preview: LivePreview | null,
  key: string,
  start: number,
  end: number,
): { start: number; end: number } | null {
  if (!preview) return null;
  if (preview.kind === 'shift') {
    if (!preview.keys.has(key)) return null;
    return { start: start + preview.deltaSeconds, end: end + preview.deltaSeconds };
  }
  return preview.items.get(key) ?? null;
}

/**
 * While a drag moves the word `key`, its row's time fields (`fields()`: start, end) show the
 * dragged times, written into the inputs on each move, not rendered: only the timeline renders
 * per frame of a drag (issue 24, ADR 0018). A field being typed in is left alone. When the drag
 * ends the row renders (`useDragged`) and the fields show the committed times again.
 */
export function useLiveTimeFields(
  source: LivePreviewSource | undefined,
  key: string,
  moving: boolean,
  committed: { start: number; end: number },
  fields: RefObject<(() => readonly (HTMLInputElement | undefined)[]) | null>,
  format: (seconds: number) => string,
): void {
  const { start, end } = committed;
  useEffect(() => {
    if (!moving || !source) return;
    const write = () => {
      const times = liveTimes(source.get(), key, start, end);
      if (!times) return;
      const [startField, endField] = fields.current?.() ?? [];
      const pairs: [HTMLInputElement | undefined, number][] = [
        [startField, times.start],
        [endField, times.end],
      ];
      for (const [input, t] of pairs) {
        if (!input || input === document.activeElement) continue;
        const text = format(t);
        if (input.value !== text) input.value = text;
      }
    };
    write();
    return source.subscribe(write);
  }, [source, key, moving, start, end, fields, format]);
}
