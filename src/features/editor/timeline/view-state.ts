import type { TimelineView } from './types';

/** A value outside React with change listeners: the canvas and waveform read it per frame. */
export function createBox<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): T => value,
    set: (next: T) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type Box<T> = ReturnType<typeof createBox<T>>;

/** The timeline's view (scroll and zoom), shared by the canvas and the waveform. */
export const createViewState = (initial: TimelineView) => createBox(initial);
export type ViewState = Box<TimelineView>;
