import { useMemo } from 'react';
import { itemAt, keyOf } from '../../../timing';
import type { StemPlayer } from '../audio/stem-player';
import type { KeyHandlers } from '../keyboard';
import { goToNextProblem } from '../panels';
import type { EditorStore } from '../store';
import { revealRange } from '../timeline/reveal';
import { fitTo, zoomStep } from '../timeline/wheel';
import type { ZoomLimits } from '../timeline/viewport';
import { onScreenStart, selectedEdge, selectionSpan } from './selection-nav';
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

/**
 * The commands that walk or use the selection: ← / → (previous / next word), Home / End, tap
 * mode from the first selected word, loop the selection.
 */
function selectionCommands(
  store: EditorStore,
  player: StemPlayer,
  view: ViewState,
  limits: () => ZoomLimits,
): KeyHandlers {
  const selectedEdgeNow = (which: 'first' | 'last') => {
    const { doc, selection } = store.getState();
    return selectedEdge(doc, selection, which);
  };
  /** Selects the word at `index` (clamped), seeks to it and scrolls it whole into view. */
  const selectAt = (index: number) => {
    const { doc, actions } = store.getState();
    const item = itemAt(doc, Math.max(0, Math.min(doc.size - 1, index)));
    if (!item) return;
    actions.select([keyOf(item)], 'replace');
    player.seek(item.start);
    view.set(revealRange(view.get(), item.start, item.end, limits()));
  };
  /** ← / →: the previous / next word; at either end the selection stays (focus never moves). */
  const step = (direction: 1 | -1) => {
    const current = selectedEdgeNow(direction > 0 ? 'last' : 'first');
    const { doc } = store.getState();
    selectAt(current < 0 ? onScreenStart(doc, view.get(), direction) : current + direction);
  };
  return {
    selectNext: () => step(1),
    selectPrevious: () => step(-1),
    selectFirst: () => selectAt(0),
    selectLast: () => selectAt(store.getState().doc.size - 1),
    toggleTapMode: () => {
      const state = store.getState();
      if (state.tap) state.actions.stopTapSync();
      else {
        const first = selectedEdgeNow('first');
        const item = first >= 0 ? itemAt(state.doc, first) : undefined;
        state.actions.startTapSync(item ? keyOf(item) : undefined);
      }
    },
    loopSelection: () => {
      const { doc, selection } = store.getState();
      const range = selectionSpan(doc, selection);
      player.setLoop(player.getSnapshot().loop || !range ? null : range);
    },
  };
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
      ...selectionCommands(store, player, view, limits),
      ...tapCommands(store, player, (text) => say(text)),
    };
  }, [store, player, view, limits, save, openHelp, jumpTo, findWord, say]);
}
