import { useEffect, useRef, useState } from 'react';
import type { Spectrogram } from './spectrogram-compute';
import type { WaveformPeaks } from './envelope';
import { loadOnsets, type OnsetList, type OnsetSourceOptions } from './onset-source';

export type OnsetStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The onsets outside React: the canvas reads them at draw and drag time. */
export interface OnsetBox {
  /** Sorted onset times in seconds (empty until found). */
  get: () => readonly number[];
  /**
   * Per onset of `get()`, its strength among the song's onsets (1: the strongest); snapping ranks
   * strong onsets over weak ones and thins them when zoomed out.
   */
  strengths: () => readonly number[];
  status: () => OnsetStatus;
  /** The vocals' spectrogram, from the same decode (null until it is computed). */
  spectrogram: () => Spectrogram | null;
  /** The waveform's peaks, from the same decode (null until computed; see envelope.ts). */
  waveform: () => WaveformPeaks | null;
  subscribe: (listener: () => void) => () => void;
}

const EMPTY: OnsetList = { times: [], strengths: [] };
/** Results by stem id: switching alignments of one song does not analyse it again. */
interface Analysis {
  onsets: OnsetList;
  spectrogram: Spectrogram | null;
  waveform: WaveformPeaks | null;
}
const cache = new Map<string, Analysis>();
const CACHE_SIZE = 4;

function remember(id: string, analysis: Analysis) {
  cache.delete(id);
  cache.set(id, analysis);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
}

function createOnsetBox() {
  let onsets = EMPTY;
  let status: OnsetStatus = 'idle';
  let spectrogram: Spectrogram | null = null;
  let waveform: WaveformPeaks | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const box = {
    get: () => onsets.times,
    strengths: () => onsets.strengths,
    status: () => status,
    spectrogram: () => spectrogram,
    waveform: () => waveform,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: OnsetList, nextStatus: OnsetStatus, nextSpectrogram: Spectrogram | null = null) => {
      if (next === onsets && nextStatus === status && nextSpectrogram === spectrogram) return;
      onsets = next;
      status = nextStatus;
      spectrogram = nextSpectrogram;
      notify();
    },
    setWaveform: (next: WaveformPeaks | null) => {
      if (next === waveform) return;
      waveform = next;
      notify();
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
      box.setWaveform(null);
      return;
    }
    const cached = cache.get(id);
    if (cached) {
      box.setWaveform(cached.waveform);
      box.set(cached.onsets, 'ready', cached.spectrogram);
      return;
    }
    box.setWaveform(null);
    box.set(EMPTY, 'loading');
    const controller = new AbortController();
    const cancelIdle = whenIdle(() => {
      let spectrogram: Spectrogram | null = null;
      let waveform: WaveformPeaks | null = null;
      let found: OnsetList | null = null;
      loadOnsets(url, {
        onSpectrogram: (s) => {
          spectrogram = s;
          // It may come after the onsets (main-thread fallback).
          if (found && !controller.signal.aborted) {
            remember(id, { onsets: found, spectrogram: s, waveform });
            box.set(found, 'ready', s);
          }
        },
        onWaveform: (w) => {
          waveform = w;
          if (!controller.signal.aborted) box.setWaveform(w);
        },
        ...latest.current.options,
        signal: controller.signal,
      }).then(
        (onsets) => {
          found = onsets;
          remember(id, { onsets, spectrogram, waveform });
          box.set(onsets, 'ready', spectrogram);
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
