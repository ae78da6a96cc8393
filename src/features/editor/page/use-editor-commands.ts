import { useMemo } from 'react';
import { indexOfKey, itemAt, keyOf, visibleRange } from '../../../timing';
import type { StemPlayer } from '../audio/stem-player';
import type { KeyHandlers } from '../keyboard';
import { goToNextProblem } from '../panels';
import type { EditorStore } from '../store';
import { revealRange } from '../timeline/reveal';
import { fitTo, zoomStep } from '../timeline/wheel';
import { visibleEndTime, type ZoomLimits } from '../timeline/viewport';
import { tapCommands } from './tap-commands';
import type { ViewState } from '../timeline/view-state';

interface Deps {
  store: EditorStore;
  player: StemPlayer;
  view: ViewState;
  limits: () => ZoomLimits;
  save: () => void;
  openHelp: () => void;
  jumpTo: (time: number) => void;
  /** Moves focus to the word list's "Find word" field. */
  findWord?: () => void;
  /** Shows a sentence when a command did not do the plain thing (or could not). */
  say?: (text: string | null) => void;
}

/** Keyboard commands mapped to store actions, player calls and view changes. */
export function useEditorCommands({
  store,
  player,
  view,
  limits,
  save,
  openHelp,
  jumpTo,
  findWord = () => {},
  say = () => {},
}: Deps) {
  return useMemo<KeyHandlers>(() => {
    const actions = () => store.getState().actions;
    /** Index of the first (or last) selected word, -1 when none. */
    const selectedEdge = (which: 'first' | 'last') => {
      const { selection, doc } = store.getState();
      let best = -1;
      for (const key of selection) {
        const i = indexOfKey(doc, key);
        if (i >= 0 && (best < 0 || (which === 'first' ? i < best : i > best))) best = i;
      }
      return best;
    };
    const firstSelected = () => selectedEdge('first');
    /** With nothing selected, → starts at the first word on screen, ← at the last. */
    const onScreen = (direction: 1 | -1) => {
      const { doc } = store.getState();
      const v = view.get();
      const { from, to } = visibleRange(doc, v.startTime, visibleEndTime(v));
      if (direction < 0) return Math.max(0, to - 1);
      let i = from;
      while (i < to - 1 && (itemAt(doc, i)?.end ?? Infinity) < v.startTime) i++;
      return Math.min(i, doc.size - 1);
    };
    /** Selects the word at `index` (clamped), seeks to it and scrolls it whole into view. */
    const selectAt = (index: number) => {
      const { doc } = store.getState();
      const item = itemAt(doc, Math.max(0, Math.min(doc.size - 1, index)));
      if (!item) return;
      actions().select([keyOf(item)], 'replace');
      player.seek(item.start);
      view.set(revealRange(view.get(), item.start, item.end, limits()));
    };
    /** ← / →: the previous / next word; at either end the selection stays (focus never moves). */
    const step = (direction: 1 | -1) => {
      const current = selectedEdge(direction > 0 ? 'last' : 'first');
      selectAt(current < 0 ? onScreen(direction) : current + direction);
    };
    const selectionRange = () => {
      const { selection, doc } = store.getState();
      let start = Infinity;
      let end = -Infinity;
      for (const key of selection) {
        const i = indexOfKey(doc, key);
        const item = itemAt(doc, i);
        if (!item) continue;
        start = Math.min(start, item.start);
        end = Math.max(end, item.end);
      }
      return Number.isFinite(start) ? { start, end } : null;
    };
    return {
      playPause: () => void player.toggle(),
      nudgeLeft: () => actions().nudge(-1, 'normal'),
      nudgeRight: () => actions().nudge(1, 'normal'),
      nudgeLeftCoarse: () => actions().nudge(-1, 'coarse'),
      nudgeRightCoarse: () => actions().nudge(1, 'coarse'),
      nudgeLeftFine: () => actions().nudge(-1, 'fine'),
      nudgeRightFine: () => actions().nudge(1, 'fine'),
      setStartAtPlayhead: () => say(actions().setStartAt(player.getTime())),
      setEndAtPlayhead: () => say(actions().setEndAt(player.getTime())),
      selectNext: () => step(1),
      selectPrevious: () => step(-1),
      selectFirst: () => selectAt(0),
      selectLast: () => selectAt(store.getState().doc.size - 1),
      undo: () => actions().undo(),
      redo: () => actions().redo(),
      save,
      help: openHelp,
      soloVocals: () => player.toggleSoloType('vocals'),
      nextProblem: () => void goToNextProblem(store, player.getTime(), jumpTo),
      zoomIn: () => view.set(zoomStep(view.get(), 1, limits(), player.getTime())),
      zoomOut: () => view.set(zoomStep(view.get(), -1, limits(), player.getTime())),
      zoomFit: () => view.set(fitTo(view.get(), limits())),
      deleteSelection: () => actions().deleteSelection(),
      toggleSnapping: () => {
        const on = !store.getState().settings.snapping;
        actions().setSettings({ snapping: on });
        say(on ? 'Snapping on.' : 'Snapping off: words move freely.');
      },
      findWord,
      escape: () => {
        const state = store.getState();
        if (state.drag) state.actions.cancelDrag();
        else if (state.tap) state.actions.stopTapSync();
        else state.actions.clearSelection();
      },
      toggleTapMode: () => {
        const state = store.getState();
        if (state.tap) state.actions.stopTapSync();
        else {
          const first = firstSelected();
          const item = first >= 0 ? itemAt(state.doc, first) : undefined;
          state.actions.startTapSync(item ? keyOf(item) : undefined);
        }
      },
      loopSelection: () => {
        const range = selectionRange();
        player.setLoop(player.getSnapshot().loop || !range ? null : range);
      },
      ...tapCommands(store, player, (text) => say(text)),
    };
  }, [store, player, view, limits, save, openHelp, jumpTo, findWord, say]);
}
