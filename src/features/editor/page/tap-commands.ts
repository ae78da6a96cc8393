import type { PlayerSnapshot } from '../audio/stem-player';
import type { EditorStore } from '../store';

interface TapPlayer {
  getTime(): number;
  getSnapshot(): PlayerSnapshot;
  play(): Promise<void>;
}

/**
 * The audio time of a key event: the player's clock now, less the time the event waited before
 * its handler ran (event.timeStamp is when the key went down), scaled by the playback rate.
 */
export function audioTimeOf(player: TapPlayer, event: { timeStamp?: number } | undefined): number {
  const now = player.getTime();
  const stamp = event?.timeStamp;
  if (stamp === undefined || !(stamp > 0) || typeof performance === 'undefined') return now;
  const waited = (performance.now() - stamp) / 1000;
  // A stamp from another clock (or a synthetic event) is ignored rather than trusted.
  if (waited < 0 || waited > 0.5) return now;
  return Math.max(0, now - waited * player.getSnapshot().rate);
}

/** Why the player cannot play now, as a sentence (null: it can). */
export function cannotPlay(snapshot: PlayerSnapshot): string | null {
  if (snapshot.stems.length === 0) return 'This project has no audio to play.';
  if (snapshot.stems.some((s) => s.status === 'ready')) return null;
  const failed = snapshot.stems.find((s) => s.status === 'error');
  if (failed && snapshot.stems.every((s) => s.status === 'error'))
    return `The audio could not be played: ${failed.error ?? 'unknown error'}.`;
  return 'The audio is still loading; tap again in a moment.';
}

/**
 * Tap key handlers: a tap while paused starts playback (and is not a tap: the paused clock would
 * put every word at the same time), or says why it cannot; taps use the audio time of the key
 * press, and the store subtracts the calibrated latency.
 */
export function tapCommands(store: EditorStore, player: TapPlayer, say: (text: string) => void) {
  let swallowed = false;
  return {
    tapDown(event?: { timeStamp?: number }) {
      const snapshot = player.getSnapshot();
      if (!snapshot.playing) {
        swallowed = true;
        const why = cannotPlay(snapshot);
        if (why) return say(`Cannot tap: ${why}`);
        void player.play();
        return say('Playback started: tap each word as it is sung.');
      }
      swallowed = false;
      store.getState().actions.tapDown(audioTimeOf(player, event));
    },
    tapUp(event?: { timeStamp?: number }) {
      if (swallowed) {
        swallowed = false;
        return;
      }
      store.getState().actions.tapUp(audioTimeOf(player, event));
    },
  };
}
