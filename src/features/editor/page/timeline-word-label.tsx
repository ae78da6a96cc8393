import { useEffect, useRef } from 'react';
import { getItem, indexOfKey } from '../../../timing';
import { formatTime } from '../panels/time-format';
import type { EditorStore } from '../store';
import { laneBand, laneLayout, laneOf } from '../timeline/layout';
import type { TimelineScene } from '../timeline/types';
import { timeToX } from '../timeline/viewport';
import { timelineItemOf } from './timeline-scene';
import '../a11y.css';

interface Props {
  store: EditorStore;
  getScene: () => TimelineScene;
  subscribe: (listener: () => void) => () => void;
  /** Id of the live region the canvas points at (aria-describedby). */
  statusId: string;
}

export interface WordLabel {
  text: string;
  /** Centre of the word, CSS px from the canvas's left. */
  x: number;
  /** Top of the word's box. */
  y: number;
}

/**
 * The word a label is shown for: the hovered one, else (while the timeline has focus) the first
 * selected one. Its text whatever its width: short words carry no text on the canvas itself.
 */
export function wordLabel(
  scene: TimelineScene,
  store: EditorStore,
  focused: boolean,
): WordLabel | null {
  const { doc, selection } = store.getState();
  let key = scene.hoverKey;
  if (key === null && focused) {
    let best = -1;
    for (const k of selection) {
      const i = indexOfKey(doc, k);
      if (i >= 0 && (best < 0 || i < best)) [best, key] = [i, k];
    }
  }
  const item = key === null ? undefined : getItem(doc, key);
  if (!item) return null;
  const layout = laneLayout(scene.view, scene.laneCount);
  const lane = laneOf(timelineItemOf(item), scene.laneMode, layout.laneCount, scene.singerLanes);
  return {
    text: `${item.text} · ${formatTime(item.start)}–${formatTime(item.end)}`,
    x: timeToX((item.start + item.end) / 2, scene.view),
    y: laneBand(lane, layout).y,
  };
}

/** What a screen reader hears when the selection moves on the focused timeline. */
export function selectionStatus(store: EditorStore): string {
  const { doc, selection } = store.getState();
  if (selection.size === 0) return 'No word selected';
  let first = -1;
  for (const k of selection) {
    const i = indexOfKey(doc, k);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const [key] = selection;
  const item = key === undefined ? undefined : getItem(doc, key);
  if (selection.size > 1) return `${selection.size} words selected`;
  if (!item) return 'No word selected';
  return `${item.text}, ${formatTime(item.start)} to ${formatTime(item.end)}, word ${first + 1} of ${doc.size}`;
}

/**
 * A DOM label over the canvas for the hovered word, or the selected one while the canvas has
 * focus, and a polite live region naming the selected word. Written directly to the DOM on every
 * scene change (no React render per frame).
 */
export function TimelineWordLabel({ store, getScene, subscribe, statusId }: Props) {
  const label = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = label.current;
    const canvas = el?.parentElement?.querySelector('canvas');
    if (!el || !canvas) return;
    let lastStatus = '';
    let lastText = '';
    let lastTransform = '';
    const update = () => {
      const focused = document.activeElement === canvas;
      const scene = getScene();
      const shown = wordLabel(scene, store, focused);
      // The scene's width is the canvas's (measured on resize): no layout read per frame, and the
      // DOM is written only when the label changed (a drag or zoom frame changes it rarely).
      if (!shown || shown.x < 0 || shown.x > scene.view.width) {
        if (!el.hidden) el.hidden = true;
      } else {
        const transform = `translate(${Math.round(shown.x)}px, ${Math.round(shown.y)}px) translate(-50%, -100%)`;
        if (el.hidden) el.hidden = false;
        if (shown.text !== lastText) el.textContent = lastText = shown.text;
        if (transform !== lastTransform) el.style.transform = lastTransform = transform;
      }
      const text = focused ? selectionStatus(store) : '';
      if (status.current && text !== lastStatus) {
        lastStatus = text;
        status.current.textContent = text;
      }
    };
    update();
    const off = subscribe(update);
    canvas.addEventListener('focus', update);
    canvas.addEventListener('blur', update);
    return () => {
      off();
      canvas.removeEventListener('focus', update);
      canvas.removeEventListener('blur', update);
    };
  }, [store, getScene, subscribe]);

  return (
    <>
      <div ref={label} className="timeline-word-label" aria-hidden="true" hidden />
      <div ref={status} id={statusId} className="visually-hidden" aria-live="polite" />
    </>
  );
}
