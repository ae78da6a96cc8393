import { describe, expect, it } from 'vitest';
import { song, word } from '../../../timing/test-items';
import { createEditorStore } from '../store';
import { laneOf } from '../timeline';
import { singerLanesOf } from '../tools/singers';
import { createSceneSource, type SceneExtras } from './timeline-scene';

const view = { startTime: 0, pxPerSecond: 100, width: 1000, height: 200, devicePixelRatio: 1 };
const extras = (patch: Partial<SceneExtras> = {}): SceneExtras => ({
  view,
  hoverKey: null,
  preview: null,
  snapGuide: null,
  laneMode: 'line',
  ...patch,
});
const storeOf = (items = [word(0, 0, 0, 1), word(1, 0, 1, 2)]) =>
  createEditorStore({ items, revision: 'r', selectionRevision: 's', validationDelayMs: 0 });

describe('scene lanes', () => {
  it('line mode: lines alternate over two rows', () => {
    const scene = createSceneSource(storeOf(), () => extras())();
    expect(scene.laneMode).toBe('line');
    expect(scene.laneCount).toBe(2);
  });

  it('singer mode: one row per distinct singer, in singer order, whatever their numbers', () => {
    const store = storeOf([
      word(0, 0, 0, 1, 'a', { singer: 3 }),
      word(0, 1, 1, 2, 'b', { singer: 1 }),
      word(1, 0, 2, 3, 'c'), // no singer: singer 0
      word(1, 1, 3, 4, 'd', { singer: 3 }),
    ]);
    const scene = createSceneSource(store, () => extras({ laneMode: 'singer' }))();
    expect(scene.laneMode).toBe('singer');
    expect(scene.laneCount).toBe(3);
    const lanes = ['a', 'b', 'c', 'd'].map((text) => {
      for (let i = 0; i < scene.items.count; i++) {
        const item = scene.items.itemAt(i);
        if (item.text === text)
          return laneOf(item, scene.laneMode, scene.laneCount, scene.singerLanes);
      }
      return -1;
    });
    expect(lanes).toEqual([2, 1, 0, 2]);
  });

  it('singer mode without singers has one row; switching modes rebuilds the scene', () => {
    let mode: SceneExtras['laneMode'] = 'singer';
    const source = createSceneSource(storeOf(), () => extras({ laneMode: mode }));
    expect(source().laneCount).toBe(1);
    mode = 'line';
    expect(source().laneCount).toBe(2);
  });

  it('follows singer edits; the lanes are computed once per document', () => {
    const store = createEditorStore({
      items: song(3000, true), // several chunks
      revision: 'r',
      selectionRevision: 's',
      validationDelayMs: 0,
    });
    const doc = store.getState().doc;
    expect(singerLanesOf(doc)).toBe(singerLanesOf(doc));
    expect([...singerLanesOf(doc)]).toEqual([[0, 0]]);
    store.getState().actions.setSinger(['i2500'], 2);
    const source = createSceneSource(store, () => extras({ laneMode: 'singer' }));
    const scene = source();
    expect(scene.laneCount).toBe(2);
    expect([...(scene.singerLanes ?? [])]).toEqual([
      [0, 0],
      [2, 1],
    ]);
  });
});

describe('scene column jumps (zoomed out)', () => {
  it('reads the same words and jumps as far in any order of reads (chunk hints)', () => {
    const items = Array.from({ length: 3000 }, (_, i) =>
      word(Math.floor(i / 8), i % 8, i * 0.036, i * 0.036 + (i % 700 === 0 ? 3 : 0.03), `w${i}`),
    );
    const scene = createSceneSource(storeOf(items), () => extras())();
    const fresh = () => createSceneSource(storeOf(items), () => extras())();
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 600; k++) {
      // mostly near the last read (a frame's order), sometimes anywhere
      const i = k % 5 === 0 ? next(3000) : Math.min(2999, (k * 37) % 3000);
      expect(scene.items.itemAt(i).text).toBe(`w${i}`);
      const from = next(3000);
      const time = next(120);
      expect(scene.skipTo!(from, time, 1)).toBe(fresh().skipTo!(from, time, 1));
    }
  });

  it('jumps over the chunks of short words and stops at a chunk with a long one', () => {
    // 2,000 words 36 ms apart, 30 ms long; word 1,000 is held 5 s
    const items = Array.from({ length: 2000 }, (_, i) =>
      word(Math.floor(i / 8), i % 8, i * 0.036, i * 0.036 + (i === 1000 ? 5 : 0.03), `w${i}`),
    );
    const store = storeOf(items);
    const scene = createSceneSource(store, () => extras())();
    const skipTo = scene.skipTo!;
    // at 1 px/s every word but the long one is under a pixel: from 0 to the first start >= 10 s
    expect(skipTo(0, 10, 1)).toBe(Math.ceil(10 / 0.036));
    // the chunk holding word 1,000 (chunks of 128 from index 896) stops the jump at its start
    expect(skipTo(500, 60, 1)).toBe(896);
    // from inside that chunk nothing is passed
    expect(skipTo(900, 60, 1)).toBe(900);
    // at 40 px/s a 30 ms word is over a pixel: no jump
    expect(skipTo(0, 10, 40)).toBe(0);
    expect(skipTo(2000, 100, 1)).toBe(2000);
    expect(scene.indexOfKey!('0/5/0')).toBe(5);
    expect(scene.indexOfKey!('nope')).toBe(-1);
  });
});

describe('scene readers', () => {
  it('are made once per document version: a zoom or scroll frame reads with the same ones', () => {
    const store = storeOf();
    let v = view;
    const source = createSceneSource(store, () => extras({ view: v }));
    const first = source();
    v = { ...view, startTime: 5 };
    const scrolled = source();
    expect(scrolled).not.toBe(first);
    expect(scrolled.items).toBe(first.items);
    expect(scrolled.skipTo).toBe(first.skipTo);
    store.getState().actions.apply({ type: 'move', keys: ['0/0/0'], delta: 0.1 });
    expect(source().items).not.toBe(first.items);
  });
});
