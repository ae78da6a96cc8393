import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  StemPlayer,
  type PlayerSnapshot,
  type StemPlayerOptions,
  type StemSource,
} from './stem-player';

/**
 * One StemPlayer per set of stems. Constructing it has no side effects; the effect connects it
 * (creates and loads the <audio> elements) and disposes it when the stems change or the page
 * unmounts. The snapshot (mix, status, transport) re-renders; the time never does: read
 * `player.getTime()` in requestAnimationFrame.
 */
export function useStemPlayer(
  stems: readonly StemSource[],
  options?: StemPlayerOptions,
): { player: StemPlayer; snapshot: PlayerSnapshot } {
  const identity = stems
    .map((s) => `${s.id}\u0000${s.url}\u0000${s.label}\u0000${s.type}`)
    .join('\u0001');
  // The identity string stands for the array; options are read once per player.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const player = useMemo(() => new StemPlayer(stems, options), [identity]);
  useEffect(() => {
    player.connect();
    return () => player.dispose();
  }, [player]);
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);
  return { player, snapshot };
}
