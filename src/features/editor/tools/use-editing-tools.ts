import { useCallback, useMemo, useState } from 'react';
import type { Alignment, AlignmentItem } from '../../../contract';
import type { KeyHandlers } from '../keyboard';
import type { EditorStore } from '../store';
import type { ToolScope } from '../store/tool-actions';
import type { ScopeInfo } from './scoped-dialog';
import { firstSelectedItem, scopeInfoOf } from './selection-scope';

export type ToolDialogKind = 'split' | 'shift' | 'stretch';

const SPECTROGRAM_KEY = 'kts.editor.spectrogram.v1';

function storedSpectrogram(): boolean {
  try {
    return localStorage.getItem(SPECTROGRAM_KEY) === 'on';
  } catch {
    return false; // storage blocked: off
  }
}

/** Whether the spectrogram shows, kept across visits; and its toggle. */
function useSpectrogramPreference(): [boolean, () => void] {
  const [spectrogram, setSpectrogram] = useState(storedSpectrogram);
  const toggle = useCallback(() => {
    setSpectrogram((on) => {
      try {
        localStorage.setItem(SPECTROGRAM_KEY, on ? 'off' : 'on');
      } catch {
        // storage blocked: the toggle still works for this page
      }
      return !on;
    });
  }, []);
  return [spectrogram, toggle];
}

/** The tools' state shared by the toolbar, the dialogs, the ghost lane and the keys. */
export interface EditingTools {
  dialog: ToolDialogKind | null;
  open: (kind: ToolDialogKind) => void;
  close: () => void;
  /** The last refusal or result, for the status line (null: none). */
  message: string | null;
  say: (message: string | null) => void;
  /** Acting on the whole lines of the selection instead of the selected words. */
  scope: ToolScope;
  setScope: (scope: ToolScope) => void;
  /** The alignment shown as the ghost lane (null: none). */
  compare: Alignment | null;
  setCompareId: (id: string | null) => void;
  spectrogram: boolean;
  toggleSpectrogram: () => void;
  mergeWithNext: () => void;
  takeFromComparison: () => void;
  /** What the selection covers per scope (dialog hints and checks). */
  scopeInfo: () => ScopeInfo;
  /** The selected word first in the document (split acts on it). */
  firstSelected: () => AlignmentItem | null;
  commands: KeyHandlers;
}

/** Tools state for one open alignment; `others` are the project's other alignments. */
export function useEditingTools(store: EditorStore, others: readonly Alignment[]): EditingTools {
  const [dialog, setDialog] = useState<ToolDialogKind | null>(null);
  const [message, say] = useState<string | null>(null);
  const [scope, setScope] = useState<ToolScope>('words');
  const [compareId, setCompareId] = useState<string | null>(null);
  const [spectrogram, toggleSpectrogram] = useSpectrogramPreference();
  const compare = others.find((a) => a.id === compareId) ?? null;

  const firstSelected = useCallback(() => firstSelectedItem(store.getState()), [store]);
  const scopeInfo = useCallback(() => scopeInfoOf(store.getState()), [store]);

  const open = useCallback(
    (kind: ToolDialogKind) => {
      if (store.getState().selection.size === 0) return say('Select a word first.');
      say(null);
      setDialog(kind);
    },
    [store],
  );
  const mergeWithNext = useCallback(() => {
    say(store.getState().actions.mergeWithNext());
  }, [store]);
  const takeFromComparison = useCallback(() => {
    if (!compare) return say('Choose an alignment in “Compare with” first.');
    say(store.getState().actions.takeFrom(compare.alignment.items, scope));
  }, [store, compare, scope]);

  const commands = useMemo<KeyHandlers>(
    () => ({
      splitWord: () => open('split'),
      mergeWithNext,
      shiftSelection: () => open('shift'),
      stretchSelection: () => open('stretch'),
      takeFromComparison,
      toggleSpectrogram,
    }),
    [open, mergeWithNext, takeFromComparison, toggleSpectrogram],
  );

  return {
    dialog,
    open,
    close: () => setDialog(null),
    message,
    say,
    scope,
    setScope,
    compare,
    setCompareId: (id) => {
      setCompareId(id);
      say(null); // "choose an alignment first" is answered
    },
    spectrogram,
    toggleSpectrogram,
    mergeWithNext,
    takeFromComparison,
    scopeInfo,
    firstSelected,
    commands,
  };
}
