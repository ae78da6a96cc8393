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
 * focus, and a polite live region naming the selected word. Written directly to the DOM at most
 * once a frame after a scene change (no React render per frame); the word is looked up again only
 * when the document, selection, focus, hover or view changed, the status only when the first three did.
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
    // What the label and the status were worked out from: a zoom or drag frame changes neither
    // the document nor the selection, so the word is not looked up again (only its place).
    let from: unknown[] = [];
    let word: WordLabel | null = null;
    let spoken = '';
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      const focused = document.activeElement === canvas;
      const scene = getScene();
      const { doc, selection } = store.getState();
      const key = [
        doc,
        selection,
        focused,
        scene.hoverKey,
        scene.view,
        scene.laneMode,
        scene.laneCount,
      ];
      if (key.some((k, i) => k !== from[i])) {
        const same = key.slice(0, 3).every((k, i) => k === from[i]);
        word = wordLabel(scene, store, focused);
        if (!same) spoken = focused ? selectionStatus(store) : '';
        from = key;
      }
      const shown = word;
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
      const text = spoken;
      if (status.current && text !== lastStatus) {
        lastStatus = text;
        status.current.textContent = text;
      }
    };
    update();
    // at most once a frame: a drag or a zoom notifies several times between two frames
    const off = subscribe(() => {
      frame ||= requestAnimationFrame(update);
    });
    canvas.addEventListener('focus', update);
    canvas.addEventListener('blur', update);
    return () => {
      cancelAnimationFrame(frame);
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
