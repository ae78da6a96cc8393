import { compareLyric, getItem, keyOf, toArray } from '../../../timing';
import type { StoreKit } from './store-kit';
import type { EditorActions } from './types';

type TapActions = Pick<EditorActions, 'startTapSync' | 'tapDown' | 'tapUp' | 'stopTapSync'>;

/** Tap-sync: words in lyric order; a press starts the next word, a hold also ends it. */
export function createTapActions(kit: StoreKit): TapActions {
  let run = 0;
  const group = () => `tap-${run}`;
  return {
    startTapSync(fromKey) {
      const { doc, selection } = kit.get();
      const order = toArray(doc).sort(compareLyric).map(keyOf);
      const from = fromKey ?? [...selection].find((k) => getItem(doc, k));
      run++;
      kit.seal();
      kit.set({
        tap: {
          order,
          cursor: Math.max(0, from === undefined ? 0 : order.indexOf(from)),
          downAt: null,
          current: null,
          held: false,
        },
      });
    },
    tapDown(time) {
      const { tap, settings } = kit.get();
      if (!tap || tap.downAt !== null) return;
      const key = tap.order[tap.cursor];
      if (key === undefined) return;
      const prevKey = tap.cursor > 0 && !tap.held ? tap.order[tap.cursor - 1] : undefined;
      kit.run(
        prevKey === undefined
          ? { type: 'tap', key, time, latency: settings.tapLatency }
          : { type: 'tap', key, prevKey, time, latency: settings.tapLatency },
        group(),
      );
      kit.set({
        tap: { ...tap, cursor: tap.cursor + 1, downAt: time, current: key, held: false },
        selection: new Set([key]),
      });
    },
    tapUp(time) {
      const { tap, settings } = kit.get();
      if (!tap || tap.downAt === null) return;
      const held = tap.current !== null && time - tap.downAt >= settings.holdThreshold;
      if (held && tap.current !== null) {
        kit.run({ type: 'holdEnd', key: tap.current, time, latency: settings.tapLatency }, group());
      }
      kit.set({ tap: { ...tap, downAt: null, held } });
    },
    stopTapSync() {
      kit.seal();
      kit.set({ tap: null });
    },
  };
}
