import { indexOfKey, itemAt } from '../../../timing';
import type { StemPlayer } from '../audio';
import type { LivePreviewSource, PlaybackClock } from '../panels';
import type { EditorState, EditorStore } from '../store';
import {
  fitTo,
  followPlayhead,
  type TimelineIntent,
  type TimelineView,
  type ZoomLimits,
} from '../timeline';
import { createBox, type Box, type ViewState } from '../timeline/view-state';
import { applyTimelineIntent } from './timeline-intents';
import type { SceneExtras } from './timeline-scene';

/**
 * The editor page's logic outside React (EditorBody only wires it): the timeline's intents mapped
 * to store actions, the loop range, the player as the panels see it, the first view of the song.
 */

/** What the page adds to the store's state for the timeline: hover, drag preview, lanes, marks. */
export type ExtrasBox = Box<Omit<SceneExtras, 'view'>>;

export const createExtras = (laneMode: SceneExtras['laneMode']): ExtrasBox =>
  createBox<Omit<SceneExtras, 'view'>>({
    hoverKey: null,
    preview: null,
    snapGuide: null,
    laneMode,
  });

/** The view before the canvas has measured itself. */
export const INITIAL_VIEW: TimelineView = {
  startTime: 0,
  pxPerSecond: 60,
  width: 800,
  height: 220,
  devicePixelRatio: 1,
};

const bounds = new WeakMap<object, { doc: object; start: number | null; end: number | null }>();

/** The earliest start or latest end of the selected words (null: none), once per selection and doc. */
export function selectionBound(state: EditorState, edge: 'start' | 'end'): number | null {
  const cached = bounds.get(state.selection);
  if (cached?.doc === state.doc) return cached[edge];
  let start: number | null = null;
  let end: number | null = null;
  for (const key of state.selection) {
    const index = indexOfKey(state.doc, key);
    const item = index >= 0 ? itemAt(state.doc, index) : undefined;
    if (!item) continue;
    if (start === null || item.start < start) start = item.start;
    if (end === null || item.end > end) end = item.end;
  }
  bounds.set(state.selection, { doc: state.doc, start, end });
  return edge === 'start' ? start : end;
}

/** The player as the panels see it. */
export function clockOf(player: StemPlayer): PlaybackClock {
  return {
    getTime: () => player.getTime(),
    seek: (t) => player.seek(t),
    isPlaying: () => player.getSnapshot().playing,
    play: () => (player.getSnapshot().playing ? undefined : player.toggle()),
    subscribe: player.subscribe,
  };
}

export interface IntentTargets {
  store: EditorStore;
  player: Pick<StemPlayer, 'seek'>;
  view: ViewState;
  extras: ExtrasBox;
  setCursor: (cursor: string) => void;
}

/** The timeline's intents as store actions (one undo step each), view and page state. */
export function applyIntent(intent: TimelineIntent, to: IntentTargets): void {
  applyTimelineIntent(intent, {
    store: to.store,
    extras: to.extras,
    view: to.view,
    seek: (time) => to.player.seek(time),
    setCursor: to.setCursor,
  });
}

/** The view on opening: the first words at a zoom where their text fits (about 12 s in view). */
export function openingView(
  view: TimelineView,
  limits: ZoomLimits,
  store: EditorStore,
  duration: number,
): TimelineView {
  const first = itemAt(store.getState().doc, 0)?.start ?? 0;
  const start = Math.max(0, first - 1);
  return fitTo(view, limits, { start, end: Math.min(duration, start + 12) });
}

/** The view after a frame of playback: it follows the playhead while playing. */
export function followWhilePlaying(
  view: ViewState,
  player: Pick<StemPlayer, 'getSnapshot' | 'getTime'>,
  limits: ZoomLimits,
): void {
  if (player.getSnapshot().playing) view.set(followPlayhead(view.get(), player.getTime(), limits));
}

/** One listener on everything the canvas draws from. */
export function subscribeAll(
  sources: readonly { subscribe: (listener: () => void) => () => void }[],
): (listener: () => void) => () => void {
  return (listener) => {
    const offs = sources.map((source) => source.subscribe(listener));
    return () => offs.forEach((off) => off());
  };
}

/** The word list shows a dragged word's times live. */
export const livePreviewOf = (extras: ExtrasBox): LivePreviewSource => ({
  get: () => extras.get().preview,
  subscribe: extras.subscribe,
});
