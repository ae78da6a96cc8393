import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OnsetBox, StemPlayer } from '../audio';
import type { EditorStore } from '../store';
import {
  DEFAULT_ZOOM_LIMITS,
  followPlayhead,
  type LaneMode,
  type TimelineIntent,
  type TimelineView,
  type ZoomLimits,
} from '../timeline';
import { createViewState } from '../timeline/view-state';
import {
  applyIntent,
  createExtras,
  followWhilePlaying,
  INITIAL_VIEW,
  livePreviewOf,
  openingView,
  subscribeAll,
} from './editor-wiring';

import { useEditorPreferences } from './preferences';
import { createSceneSource } from './timeline-scene';

/**
 * The timeline's boxes (view, page extras), the scene the canvas draws, and its intents, for one
 * open alignment. The logic is in `editor-wiring.ts`; this only keeps it across renders.
 */
export function useTimelineWiring(
  store: EditorStore,
  player: StemPlayer,
  onsets: OnsetBox,
  duration: number,
) {
  const [laneMode, saveLaneMode] = useEditorPreferences(store);
  const limits = useCallback(
    (): ZoomLimits => ({ ...DEFAULT_ZOOM_LIMITS, duration: duration || Infinity }),
    [duration],
  );
  const [view] = useState(() => createViewState(INITIAL_VIEW));
  const [extras] = useState(() => createExtras(laneMode));
  const getScene = useMemo(
    () =>
      createSceneSource(store, () => ({
        ...extras.get(),
        view: view.get(),
        onsets: onsets.get(),
        onsetStrengths: onsets.strengths(),
      })),
    [store, view, extras, onsets],
  );
  const subscribe = useMemo(
    () => subscribeAll([store, view, extras, onsets]),
    [store, view, extras, onsets],
  );
  const livePreview = useMemo(() => livePreviewOf(extras), [extras]);
  const [cursor, setCursor] = useState('default');
  const onIntent = useCallback(
    (intent: TimelineIntent) => applyIntent(intent, { store, player, view, extras, setCursor }),
    [store, player, view, extras],
  );
  const fitted = useRef(false);
  const onResize = useCallback(
    (size: Pick<TimelineView, 'width' | 'height' | 'devicePixelRatio'>) => {
      view.set({ ...view.get(), ...size });
      if (fitted.current || !duration) return;
      fitted.current = true;
      view.set(openingView(view.get(), limits(), store, duration));
    },
    [view, limits, store, duration],
  );
  const jumpTo = useCallback(
    (time: number) => {
      player.seek(time);
      view.set(followPlayhead(view.get(), time, limits()));
    },
    [player, view, limits],
  );
  // The view follows the playhead while playing.
  useEffect(() => {
    let raf = 0;
    const loop = () => {
      raf = requestAnimationFrame(loop);
      followWhilePlaying(view, player, limits());
    };
    raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, [player, view, limits]);
  const setLaneMode = useCallback(
    (mode: LaneMode) => {
      saveLaneMode(mode);
      extras.set({ ...extras.get(), laneMode: mode });
    },
    [saveLaneMode, extras],
  );
  return {
    ...{ limits, view, extras, getScene, subscribe, livePreview, cursor, onIntent, onResize },
    ...{ laneMode, setLaneMode, jumpTo },
  };
}

export type TimelineWiring = ReturnType<typeof useTimelineWiring>;
