import { describe, expect, it } from 'vitest';
import { itemAt, keyOf } from '../../../timing';
import { word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import { applyTimelineIntent } from './timeline-intents';
import type { SceneExtras } from './timeline-scene';
import { createBox } from '../timeline/view-state';

const view = { startTime: 0, pxPerSecond: 100, width: 1000, height: 200, devicePixelRatio: 1 };

function setup() {
  const store = createEditorStore({
    items: [word(0, 0, 0, 1, 'a'), word(0, 1, 2, 3, 'b')],
    revision: 'r',
    selectionRevision: 's',
    validationDelayMs: 0,
  });
  const extras = createBox<Omit<SceneExtras, 'view'>>({
    hoverKey: null,
    preview: null,
    snapGuide: null,
    laneMode: 'line',
  });
  const viewBox = createBox(view);
  const seeks: number[] = [];
  const cursors: string[] = [];
  const to = {
    store,
    extras,
    view: viewBox,
    seek: (t: number) => seeks.push(t),
    setCursor: (c: string) => cursors.push(c),
  };
  const keys = [0, 1].map((i) => keyOf(itemAt(store.getState().doc, i)!));
  return { store, extras, viewBox, seeks, cursors, to, keys };
}

describe('applyTimelineIntent', () => {
  it('selects, previews, moves as one undo step, and clears the preview', () => {
    const { store, extras, to, keys } = setup();
    const [a = '', b = ''] = keys;
    applyTimelineIntent({ type: 'select', keys: [a], mode: 'replace' }, to);
    applyTimelineIntent({ type: 'select', keys: [b], mode: 'range' }, to);
    expect([...store.getState().selection].sort()).toEqual([a, b].sort());
    applyTimelineIntent(
      {
        type: 'preview',
        preview: { kind: 'shift', keys: new Set([a]), deltaSeconds: 0.5 },
        snapGuide: 1.5,
      },
      to,
    );
    expect(extras.get().preview).not.toBeNull();
    expect(extras.get().snapGuide).toBe(1.5);
    applyTimelineIntent({ type: 'move', keys: [a], deltaSeconds: 0.5 }, to);
    expect(itemAt(store.getState().doc, 0)?.start).toBe(0.5);
    store.getState().actions.undo();
    expect(itemAt(store.getState().doc, 0)?.start).toBe(0);
    applyTimelineIntent({ type: 'preview', preview: null, snapGuide: null }, to);
    expect(extras.get().preview).toBeNull();
  });

  it('resizes and rolls through the store', () => {
    const { store, to, keys } = setup();
    const [a = '', b = ''] = keys;
    applyTimelineIntent({ type: 'resize-end', key: a, time: 1.5 }, to);
    expect(itemAt(store.getState().doc, 0)?.end).toBe(1.5);
    applyTimelineIntent({ type: 'resize-start', key: b, time: 1.75 }, to);
    expect(itemAt(store.getState().doc, 1)?.start).toBe(1.75);
    applyTimelineIntent({ type: 'roll', leftKey: a, rightKey: b, time: 1.6 }, to);
    expect(itemAt(store.getState().doc, 0)?.end).toBeCloseTo(1.6);
  });

  it('hover, view, seek and cursor go to the page', () => {
    const { extras, viewBox, seeks, cursors, to, keys } = setup();
    applyTimelineIntent({ type: 'hover', key: keys[1] ?? null }, to);
    expect(extras.get().hoverKey).toBe(keys[1]);
    applyTimelineIntent({ type: 'view', view: { ...view, startTime: 4 } }, to);
    expect(viewBox.get().startTime).toBe(4);
    applyTimelineIntent({ type: 'seek', time: 2 }, to);
    applyTimelineIntent({ type: 'cursor', cursor: 'ew-resize' }, to);
    applyTimelineIntent({ type: 'marquee', rect: null }, to);
    expect(seeks).toEqual([2]);
    expect(cursors).toEqual(['ew-resize']);
  });
});
