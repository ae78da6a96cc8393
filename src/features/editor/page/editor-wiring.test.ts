import { describe, expect, it, vi } from 'vitest';
import { getItem } from '../../../timing';
import { word } from '../../../timing/test-items';
import type { StemPlayer } from '../audio';
import { createEditorStore } from '../store';
import { DEFAULT_ZOOM_LIMITS } from '../timeline';
import { createViewState } from '../timeline/view-state';
import {
  applyIntent,
  clockOf,
  createExtras,
  followWhilePlaying,
  INITIAL_VIEW,
  livePreviewOf,
  openingView,
  selectionBound,
  subscribeAll,
} from './editor-wiring';

const make = () =>
  createEditorStore({
    items: [word(0, 0, 20, 21, 'a'), word(0, 1, 21.5, 22, 'b'), word(1, 0, 30, 31, 'c')],
    revision: 'r1',
    selectionRevision: 's1',
    duration: 60,
    validationDelayMs: 0,
  });
const limits = { ...DEFAULT_ZOOM_LIMITS, duration: 60 };

function targets() {
  const store = make();
  const player = { seek: vi.fn() };
  const view = createViewState(INITIAL_VIEW);
  const extras = createExtras('line');
  const setCursor = vi.fn();
  return { store, player, view, extras, setCursor };
}

describe('applyIntent', () => {
  it('maps a move to one undo step of the store', () => {
    const to = targets();
    applyIntent({ type: 'move', keys: ['0/0/0'], deltaSeconds: 1 }, to);
    expect(getItem(to.store.getState().doc, '0/0/0')?.start).toBe(21);
    to.store.getState().actions.undo();
    expect(getItem(to.store.getState().doc, '0/0/0')?.start).toBe(20);
  });

  it('selects (a range adds), seeks, hovers, sets the cursor and the view', () => {
    const to = targets();
    applyIntent({ type: 'select', keys: ['0/0/0'], mode: 'replace' }, to);
    applyIntent({ type: 'select', keys: ['1/0/0'], mode: 'range' }, to);
    expect([...to.store.getState().selection].sort()).toEqual(['0/0/0', '1/0/0']);
    applyIntent({ type: 'seek', time: 12 }, to);
    expect(to.player.seek).toHaveBeenCalledWith(12);
    applyIntent({ type: 'hover', key: '0/1/0' }, to);
    expect(to.extras.get().hoverKey).toBe('0/1/0');
    applyIntent({ type: 'cursor', cursor: 'ew-resize' }, to);
    expect(to.setCursor).toHaveBeenCalledWith('ew-resize');
    const next = { ...INITIAL_VIEW, startTime: 5 };
    applyIntent({ type: 'view', view: next }, to);
    expect(to.view.get()).toBe(next);
  });

  it('keeps a drag preview and its snap guide in the page extras, not in the store', () => {
    const to = targets();
    const before = to.store.getState().doc;
    const preview = { kind: 'shift' as const, keys: new Set(['0/0/0']), deltaSeconds: 0.5 };
    applyIntent({ type: 'preview', preview, snapGuide: 20.5 }, to);
    expect(to.extras.get().snapGuide).toBe(20.5);
    expect(to.extras.get().preview).not.toBeNull();
    expect(livePreviewOf(to.extras).get()).toBe(to.extras.get().preview);
    expect(to.store.getState().doc).toBe(before);
    expect(to.store.getState().preview).toBeNull();
  });
});

describe('selectionBound', () => {
  it('gives the earliest start and latest end of the selection, null without one', () => {
    const store = make();
    expect(selectionBound(store.getState(), 'start')).toBeNull();
    store.getState().actions.select(['0/1/0', '1/0/0'], 'replace');
    expect(selectionBound(store.getState(), 'start')).toBe(21.5);
    expect(selectionBound(store.getState(), 'end')).toBe(31);
  });
});

describe('the view', () => {
  it('opens on the first words, about 12 s in view', () => {
    const store = make();
    const view = openingView({ ...INITIAL_VIEW, width: 1200 }, limits, store, 60);
    const seconds = 1200 / view.pxPerSecond;
    expect(view.startTime).toBeLessThanOrEqual(19);
    expect(view.startTime).toBeGreaterThan(17);
    expect(view.startTime + seconds).toBeGreaterThanOrEqual(31);
    expect(seconds).toBeLessThan(14);
  });

  it('follows the playhead only while playing', () => {
    const view = createViewState({ ...INITIAL_VIEW, width: 600, pxPerSecond: 60 });
    const player = (playing: boolean, t: number) => ({
      getSnapshot: () => ({ playing }) as ReturnType<StemPlayer['getSnapshot']>,
      getTime: () => t,
    });
    followWhilePlaying(view, player(false, 40), limits);
    expect(view.get().startTime).toBe(0);
    followWhilePlaying(view, player(true, 40), limits);
    expect(view.get().startTime).toBeGreaterThan(30);
  });
});

describe('wiring', () => {
  it('one subscription reaches every source and unsubscribes from all', () => {
    const a = createViewState(INITIAL_VIEW);
    const b = createExtras('line');
    const listener = vi.fn();
    const off = subscribeAll([a, b])(listener);
    a.set({ ...INITIAL_VIEW, startTime: 1 });
    b.set({ ...b.get(), hoverKey: 'x' });
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    a.set({ ...INITIAL_VIEW, startTime: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('the panels play a paused player and leave a playing one', () => {
    let playing = false;
    const toggle = vi.fn(() => void (playing = !playing));
    const player = {
      getTime: () => 3,
      seek: vi.fn(),
      getSnapshot: () => ({ playing }),
      toggle,
      subscribe: () => () => undefined,
    } as unknown as StemPlayer;
    const clock = clockOf(player);
    void clock.play();
    void clock.play();
    expect(toggle).toHaveBeenCalledTimes(1);
    expect(clock.isPlaying()).toBe(true);
    expect(clock.getTime()).toBe(3);
  });
});
