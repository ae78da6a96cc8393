import { describe, expect, it } from 'vitest';
import { isStuck, MEDIA_STUCK_MS, mediaPollDelay } from './media-polling';

const now = Date.UTC(2026, 0, 1, 12);
const item = (status: 'processing' | 'ready' | 'failed', ageMs: number) => ({
  status,
  updatedAt: new Date(now - ageMs).toISOString(),
});

describe('media polling', () => {
  it('backs off while an item processes and stops for terminal and stuck states', () => {
    const fresh = [item('processing', 1000), item('ready', 0)];
    expect(mediaPollDelay(fresh, 1, now)).toBe(3000);
    expect(mediaPollDelay(fresh, 3, now)).toBe(6750);
    expect(mediaPollDelay(fresh, 30, now)).toBe(60_000);
    expect(mediaPollDelay([item('ready', 0), item('failed', 0)], 1, now)).toBe(false);
    const stuck = [item('processing', MEDIA_STUCK_MS + 1)];
    expect(isStuck(stuck[0]!, now)).toBe(true);
    expect(mediaPollDelay(stuck, 1, now)).toBe(false);
    expect(mediaPollDelay(undefined, 0, now)).toBe(false);
  });
});
