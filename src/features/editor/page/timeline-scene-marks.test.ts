import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../../../contract';
import { createEditorStore } from '../store';
import { createSceneSource, type SceneExtras } from './timeline-scene';

const items: AlignmentItem[] = ['morning', 'light', 'falls'].map((text, i) => ({
  id: `w${i}`,
  line: 0,
  word: i,
  subword: 0,
  start: i,
  end: i + 0.5,
  text,
}));

const extras: SceneExtras = {
  view: { startTime: 0, pxPerSecond: 100, width: 1000, height: 200, devicePixelRatio: 1 },
  hoverKey: null,
  preview: null,
  snapGuide: null,
  laneMode: 'line',
};

describe('scene marks: conflicts and onsets', () => {
  it('marks the words of a pending merge as conflicts until they are resolved', () => {
    const store = createEditorStore({ items, revision: 'r1', selectionRevision: 's1' });
    const scene = createSceneSource(store, () => extras);
    expect(scene().conflictKeys?.size).toBe(0);

    store.getState().actions.setStart('w1', 1.1); // mine
    const theirs = items.map((w) => (w.id === 'w1' ? { ...w, start: 0.9 } : w));
    const conflicts = store
      .getState()
      .actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' });
    expect(conflicts.map((c) => c.key)).toEqual(['w1']);
    expect([...(scene().conflictKeys ?? [])]).toEqual(['w1']);
    expect(scene()).toBe(scene()); // cached while nothing changed

    store.getState().actions.resolveConflicts('theirs');
    expect(scene().conflictKeys?.size).toBe(0);
  });

  it('passes the onsets through and rebuilds when they arrive', () => {
    const store = createEditorStore({ items, revision: 'r1', selectionRevision: 's1' });
    const found: { onsets?: readonly number[] } = {};
    const scene = createSceneSource(store, () => ({ ...extras, onsets: found.onsets }));
    const before = scene();
    expect(before.onsets).toBeUndefined();
    found.onsets = [0.5, 1.25];
    expect(scene()).not.toBe(before);
    expect(scene().onsets).toEqual([0.5, 1.25]);
  });
});
