import { useCallback, useRef, useState } from 'react';
import type { TimingFormat } from '../../../formats';
import type { EditorStore } from '../store';
import {
  estimatedKeys,
  readingState,
  readState,
  readTimingFile,
  sizeProblem,
  type ImportFile,
  type ImportState,
} from './import-state';
import type { TimingsClient } from './timings-client';
import { useTimingsClient } from './use-timings-client';

export type { ImportFile, ImportState };

/** What Apply did, for the line next to the button. */
export interface ImportDone {
  readonly fileName: string;
  readonly words: number;
}

/**
 * Import timings: a file is read off the main thread, previewed, and applied to the open
 * alignment as one undoable edit (`replaceAll`), saved like any other edit.
 */
export function useTimingImport(store: EditorStore, client?: TimingsClient, duration?: number) {
  const [state, setState] = useState<ImportState | null>(null);
  const [done, setDone] = useState<ImportDone | null>(null);
  const getClient = useTimingsClient(client);
  const bytes = useRef<Uint8Array | null>(null);
  const turn = useRef(0); // a newer file or format wins over a read still in flight

  const read = useCallback(
    async (file: ImportFile, data: Uint8Array, forced: TimingFormat | null) => {
      const mine = ++turn.current;
      setState((s) => readingState(s, file, forced));
      const read = await readTimingFile(getClient(), file, data, forced, duration);
      if (read && mine === turn.current) setState((s) => readState(s, file, forced, read));
    },
    [getClient, duration],
  );

  /** Opens the preview for a chosen or dropped file. */
  const openFile = useCallback(
    async (file: File) => {
      const info = { name: file.name, size: file.size };
      setDone(null);
      bytes.current = null;
      const tooLarge = sizeProblem(file.size);
      if (tooLarge) {
        turn.current++;
        setState({ ...readingState(null, info, null), busy: false, error: tooLarge });
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
      // Built and diffed over short tasks, committed as one step: 100,000 words never hold the page.
      await store.getState().actions.replaceAllInSlices(items, estimatedKeys(items, estimated));
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
