import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_ALIGNMENT_ITEMS } from '../../../contract';
import type { TimingFormat } from '../../../formats';
import { keyOf } from '../../../timing';
import type { EditorStore } from '../store';
import { createTimingsClient, type TimingsClient } from './timings-client';
import type { ReadSummary } from './timings-protocol';

/** Larger files are refused before reading: no lyric timing file comes near it. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export interface ImportFile {
  readonly name: string;
  readonly size: number;
}

/** The preview dialog's state: one file being read, read, or found unreadable. */
export interface ImportState {
  readonly file: ImportFile;
  readonly busy: boolean;
  /** The format found by detection (null: not recognised or not read yet). */
  readonly detected: TimingFormat | null;
  /** The format chosen in the dialog instead of the detected one. */
  readonly forced: TimingFormat | null;
  readonly result: ReadSummary | null;
  /** Apply is fetching the items from the worker. */
  readonly applying?: boolean;
  /** Why nothing can be applied, one sentence (unreadable file, too large). */
  readonly error: string | null;
}

/** What Apply did, for the line next to the button. */
export interface ImportDone {
  readonly fileName: string;
  readonly words: number;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Import timings: a file is read off the main thread, previewed, and applied to the open
 * alignment as one undoable edit (`replaceAll`), saved like any other edit.
 */
export function useTimingImport(store: EditorStore, client?: TimingsClient, duration?: number) {
  const [state, setState] = useState<ImportState | null>(null);
  const [done, setDone] = useState<ImportDone | null>(null);
  const own = useRef<TimingsClient | null>(null);
  const bytes = useRef<Uint8Array | null>(null);
  const turn = useRef(0); // a newer file or format wins over a read still in flight
  const getClient = useCallback(() => client ?? (own.current ??= createTimingsClient()), [client]);
  useEffect(() => () => own.current?.dispose(), []);

  const read = useCallback(
    async (file: ImportFile, data: Uint8Array, forced: TimingFormat | null) => {
      const mine = ++turn.current;
      setState((s) => ({
        file,
        busy: true,
        detected: s?.file === file ? s.detected : null,
        forced,
        result: s?.file === file ? s.result : null,
        error: null,
      }));
      try {
        const options = {
          fileName: file.name,
          ...(forced ? { format: forced } : {}),
          ...(duration !== undefined ? { duration } : {}),
        };
        const result = await getClient().read(data, options);
        if (mine !== turn.current) return;
        const error = result.itemCount
          ? result.itemCount > MAX_ALIGNMENT_ITEMS
            ? `This file has ${result.itemCount.toLocaleString('en')} words; an alignment holds at most ${MAX_ALIGNMENT_ITEMS.toLocaleString('en')}.`
            : null
          : 'No timed words were found in this file.';
        setState((s) => ({
          file,
          busy: false,
          detected: forced ? (s?.detected ?? null) : result.format,
          forced,
          result,
          error,
        }));
      } catch (failure) {
        if (mine !== turn.current || (failure as Error).name === 'AbortError') return;
        const message = failure instanceof Error ? failure.message : 'This file could not be read.';
        setState((s) => ({
          file,
          busy: false,
          detected: s?.detected ?? null,
          forced,
          result: null,
          error: message,
        }));
      }
    },
    [getClient, duration],
  );

  /** Opens the preview for a chosen or dropped file. */
  const openFile = useCallback(
    async (file: File) => {
      const info = { name: file.name, size: file.size };
      setDone(null);
      bytes.current = null;
      if (file.size > MAX_IMPORT_BYTES) {
        turn.current++;
        setState({
          file: info,
          busy: false,
          detected: null,
          forced: null,
          result: null,
          error: `This file is ${megabytes(file.size)}; timing files are read up to ${megabytes(MAX_IMPORT_BYTES)}.`,
        });
        return;
      }
      setState({ file: info, busy: true, detected: null, forced: null, result: null, error: null });
      const mine = turn.current;
      let data: Uint8Array;
      try {
        data = new Uint8Array(await file.arrayBuffer());
      } catch {
        if (mine === turn.current)
          setState((s) => s && { ...s, busy: false, error: 'The file could not be opened.' });
        return;
      }
      if (mine !== turn.current) return;
      bytes.current = data;
      await read(info, data, null);
    },
    [read],
  );

  /** Reads the same file again as another format (the dialog's Format field). */
  const chooseFormat = useCallback(
    (format: TimingFormat) => {
      if (state && bytes.current) void read(state.file, bytes.current, format);
    },
    [state, read],
  );

  const cancel = useCallback(() => {
    turn.current++;
    if (state?.busy || state?.applying) getClient().cancel();
    bytes.current = null;
    setState(null);
  }, [state, getClient]);

  const apply = useCallback(async () => {
    const result = state?.result;
    if (!state || state.busy || state.applying || state.error || !result) return;
    const mine = turn.current;
    setState({ ...state, applying: true });
    try {
      const { items, estimated } = await getClient().take(result.token);
      if (mine !== turn.current) return;
      const keys = estimated.flatMap((i) => {
        const item = items[i];
        return item ? [keyOf(item)] : [];
      });
      // Built and diffed over short tasks, committed as one step: 100,000 words never hold the page.
      await store.getState().actions.replaceAllInSlices(items, keys);
      if (mine !== turn.current) return;
      setDone({ fileName: state.file.name, words: items.length });
      bytes.current = null;
      setState(null);
    } catch (failure) {
      if (mine !== turn.current || (failure as Error).name === 'AbortError') return;
      setState({
        ...state,
        applying: false,
        result: null,
        error: failure instanceof Error ? failure.message : 'The file could not be applied.',
      });
    }
  }, [state, store, getClient]);

  return { state, done, openFile, chooseFormat, cancel, apply, dismissDone: () => setDone(null) };
}
