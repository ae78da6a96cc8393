import { useEffect, useRef, useState } from 'react';
import { loadOnsets, type OnsetSourceOptions } from './onset-source';

export type OnsetStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The onsets outside React: the canvas reads them at draw and drag time. */
export interface OnsetBox {
  /** Sorted onset times in seconds (empty until found). */
  get: () => readonly number[];
  status: () => OnsetStatus;
  subscribe: (listener: () => void) => () => void;
}

const EMPTY: readonly number[] = [];
/** Results by stem id: switching alignments of one song does not analyse it again. */
const cache = new Map<string, readonly number[]>();
const CACHE_SIZE = 4;

function remember(id: string, onsets: readonly number[]) {
  cache.delete(id);
  cache.set(id, onsets);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
}

function createOnsetBox() {
  let onsets = EMPTY;
  let status: OnsetStatus = 'idle';
  const listeners = new Set<() => void>();
  const box = {
    get: () => onsets,
    status: () => status,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: readonly number[], nextStatus: OnsetStatus) => {
      if (next === onsets && nextStatus === status) return;
      onsets = next;
      status = nextStatus;
      for (const listener of listeners) listener();
    },
  };
  return box;
}

/** Idle time first: the page's own loading (stems, waveform) goes before the analysis. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 300);
  return () => clearTimeout(timer);
}

/**
 * Vocal onsets of a stem (`{ id, url }`, e.g. the vocals stem), found in the background once per
 * stem id; a new signed URL of the same stem does not restart it. Failures leave the list empty
 * (snapping then uses word edges and the playhead only).
 */
export function useOnsets(
  stem: { id: string; url: string } | undefined,
  options?: Omit<OnsetSourceOptions, 'signal'>,
): OnsetBox {
  const [box] = useState(createOnsetBox);
  const latest = useRef({ url: stem?.url, options });
  useEffect(() => {
    latest.current = { url: stem?.url, options };
  });
  const id = stem?.id;

  useEffect(() => {
    const url = latest.current.url;
    if (!id || !url) {
      box.set(EMPTY, 'idle');
      return;
    }
    const cached = cache.get(id);
    if (cached) {
      box.set(cached, 'ready');
      return;
    }
    box.set(EMPTY, 'loading');
    const controller = new AbortController();
    const cancelIdle = whenIdle(() => {
      loadOnsets(url, { ...latest.current.options, signal: controller.signal }).then(
        (onsets) => {
          remember(id, onsets);
          box.set(onsets, 'ready');
        },
        () => {
          if (!controller.signal.aborted) box.set(EMPTY, 'failed');
        },
      );
    });
    return () => {
      cancelIdle();
      controller.abort();
    };
  }, [box, id]);

  return box;
}
