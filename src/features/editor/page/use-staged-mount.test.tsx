import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStagedMount } from './use-staged-mount';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useStagedMount', () => {
  it('advances to stage 1 after two painted frames, then one stage per frame, up to the last', () => {
    vi.useFakeTimers();
    let frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const frame = () =>
      act(() => {
        const queue = frames;
        frames = [];
        queue.forEach((cb) => cb(0));
        vi.runOnlyPendingTimers();
      });
    const { result } = renderHook(() => useStagedMount(2));
    expect(result.current).toBe(0);
    frame();
    expect(result.current).toBe(0);
    frame();
    expect(result.current).toBe(1);
    frame();
    expect(result.current).toBe(2);
    frame();
    expect(result.current).toBe(2);
    expect(frames).toHaveLength(0);
  });
});
