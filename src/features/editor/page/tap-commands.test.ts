import { describe, expect, it, vi } from 'vitest';
import { getItem } from '../../../timing';
import { word } from '../../../timing/test-items';
import type { PlayerSnapshot, StemState } from '../audio/stem-player';
import { createEditorStore } from '../store';
import { cannotPlay, tapCommands } from './tap-commands';

const stem = (status: StemState['status'], error: string | null = null) =>
  ({ id: 's', label: 'vocals', type: 'vocals', status, error }) as unknown as StemState;
const snapshot = (playing: boolean, stems = [stem('ready')]): PlayerSnapshot => ({
  stems,
  playing,
  rate: 1,
  loop: null,
  duration: 10,
  leaderId: 's',
});

function setup(playing: boolean, stems = [stem('ready')]) {
  const store = createEditorStore({
    items: [word(0, 0, 1, 2, 'a'), word(0, 1, 3, 4, 'b')],
    revision: 'r1',
    selectionRevision: 's1',
    duration: 10,
    validationDelayMs: 0,
  });
  store.getState().actions.setSettings({ tapLatency: 0.1 });
  store.getState().actions.startTapSync();
  const player = {
    time: 0,
    playing,
    getTime: () => player.time,
    getSnapshot: () => snapshot(player.playing, stems),
    play: vi.fn(() => {
      player.playing = true;
      return Promise.resolve();
    }),
  };
  const said: string[] = [];
  return { store, player, said, tap: tapCommands(store, player, (t) => said.push(t)) };
}

describe('tap keys', () => {
  it('a tap while paused starts playback, is not a tap, and says so', () => {
    const { store, player, said, tap } = setup(false);
    tap.tapDown();
    tap.tapUp();
    expect(player.play).toHaveBeenCalledOnce();
    expect(said).toEqual(['Playback started: tap each word as it is sung.']);
    expect(getItem(store.getState().doc, '0/0/0')?.start).toBe(1);
    expect(store.getState().history.canUndo).toBe(false);
  });

  it('taps while playing use the audio time less the calibrated latency', () => {
    const { store, player, tap } = setup(true);
    player.time = 2.6;
    tap.tapDown();
    tap.tapUp();
    expect(getItem(store.getState().doc, '0/0/0')?.start).toBeCloseTo(2.5);
  });

  it('says why it cannot play (loading, failed, no audio) and changes nothing', () => {
    const { store, player, said, tap } = setup(false, [stem('error', 'MEDIA_ERR_DECODE')]);
    tap.tapDown();
    expect(player.play).not.toHaveBeenCalled();
    expect(said[0]).toBe('Cannot tap: The audio could not be played: MEDIA_ERR_DECODE.');
    expect(store.getState().history.canUndo).toBe(false);
    expect(cannotPlay(snapshot(false, [stem('loading')]))).toMatch(/still loading/);
    expect(cannotPlay(snapshot(false, []))).toMatch(/no audio/);
  });
});
