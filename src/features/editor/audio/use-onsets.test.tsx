import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DecodedAudio, OnsetSourceOptions } from './onset-source';
import { useOnsets } from './use-onsets';

const rate = 11025;
function clicks(times: readonly number[]): DecodedAudio {
  const data = new Float32Array(2 * rate);
  for (const t of times) {
    for (let i = 0; i < 20; i++) data[Math.round(t * rate) + i] = 0.9 * (i % 2 ? -1 : 1);
  }
  return { sampleRate: rate, length: data.length, numberOfChannels: 1, getChannelData: () => data };
}

function source(times: readonly number[], ok = true) {
  const fetch = vi.fn<NonNullable<OnsetSourceOptions['fetch']>>(() =>
    Promise.resolve({
      ok,
      status: ok ? 200 : 403,
      arrayBuffer: () => Promise.resolve(new ArrayBuffer(4)),
    }),
  );
  const options = { fetch, decode: () => Promise.resolve(clicks(times)), createWorker: null };
  return { fetch, options };
}

describe('useOnsets', () => {
  it('finds the onsets in the background and tells its subscribers', async () => {
    const { options } = source([0.4, 1.2]);
    const { result } = renderHook(() => useOnsets({ id: 'stem-a', url: '/a.wav' }, options));
    const box = result.current;
    const changed = vi.fn();
    box.subscribe(changed);
    expect(box.get()).toEqual([]);
    await waitFor(() => expect(box.status()).toBe('ready'));
    expect(box.get()).toHaveLength(2);
    expect(box.strengths()).toHaveLength(2); // one per onset, ranked within the song
    expect(changed).toHaveBeenCalled();
  });

  it('analyses a stem once: a remount or a new signed URL of the same stem reuses the result', async () => {
    const { fetch, options } = source([0.7]);
    const first = renderHook(() => useOnsets({ id: 'stem-b', url: '/b.wav?sig=1' }, options));
    await waitFor(() => expect(first.result.current.status()).toBe('ready'));
    first.unmount();
    const again = renderHook(() => useOnsets({ id: 'stem-b', url: '/b.wav?sig=2' }, options));
    expect(again.result.current.status()).toBe('ready');
    expect(again.result.current.get()).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a failure and stays empty (snapping goes on without onsets)', async () => {
    const { options } = source([0.7], false);
    const { result } = renderHook(() => useOnsets({ id: 'stem-c', url: '/c.wav' }, options));
    await waitFor(() => expect(result.current.status()).toBe('failed'));
    expect(result.current.get()).toEqual([]);
  });

  it('does nothing without a stem', () => {
    const { result } = renderHook(() => useOnsets(undefined));
    expect(result.current.status()).toBe('idle');
    expect(result.current.get()).toEqual([]);
  });
});
