import type { MediaItem } from '../contract';

/** An item processing with no change for this long is taken as stuck: no more polling for it. */
export const MEDIA_STUCK_MS = 30 * 60_000;
const FIRST_MS = 3000;
const MAX_MS = 60_000;

type Item = Pick<MediaItem, 'status' | 'updatedAt'>;

/** Processing, but with no change for MEDIA_STUCK_MS (or no readable time). */
export function isStuck(item: Item, now: number): boolean {
  if (item.status !== 'processing') return false;
  const since = Date.parse(item.updatedAt);
  return !Number.isFinite(since) || now - since > MEDIA_STUCK_MS;
}

/** Items still worth waiting for: processing and not stuck. */
export const stillProcessing = (items: readonly Item[], now: number) =>
  items.filter((item) => item.status === 'processing' && !isStuck(item, now));

/**
 * When to look again: every 3 s at first, 1.5× longer each time up to a minute, and not at all once
 * every item is ready, failed or stuck (terminal and stuck states stop polling).
 */
export function mediaPollDelay(items: readonly Item[] | undefined, polls: number, now: number) {
  if (!items || stillProcessing(items, now).length === 0) return false;
  return Math.min(MAX_MS, Math.round(FIRST_MS * 1.5 ** Math.max(0, polls - 1)));
}
