import { describe, expect, it } from 'vitest';
import { justEnded, pollDelay, POLL_MAX_MS, POLL_MIN_MS } from './task-polling';

describe('task polling', () => {
  it('backs off from about 1 s to 5 s', () => {
    expect(pollDelay(0)).toBe(POLL_MIN_MS);
    const delays = Array.from({ length: 10 }, (_, n) => pollDelay(n));
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(delays.at(-1)).toBe(POLL_MAX_MS);
  });

  it.each([
    [undefined, 'completed', true],
    ['in-progress', 'completed', true],
    ['queued', 'failed', true],
    ['completed', 'completed', false],
    ['queued', 'in-progress', false],
    [undefined, 'queued', false],
  ] as const)('%s -> %s ended: %s', (before, after, expected) => {
    expect(justEnded(before, after)).toBe(expected);
  });
});
