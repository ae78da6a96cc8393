import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeMedia } from './fake-media';
import { Mixer } from './mixer';
import type { StemSource } from './stem-player';
import { Transport } from './transport';
import { useStemPlayer } from './use-stem-player';

const STEMS: StemSource[] = [
  { id: 'o', label: 'original', type: 'original', url: '/o' },
  { id: 'v', label: 'vocals', type: 'vocals', url: '/v' },
  { id: 'i', label: 'instrumental', type: 'instrumental', url: '/i' },
];

function setup() {
  const media = new Map<string, FakeMedia>();
  const createMedia = (url: string) => {
    const m = new FakeMedia(url);
    media.set(url, m);
    return m;
  };
  function Page() {
    const { player, snapshot } = useStemPlayer(STEMS, { createMedia });
    return (
      <>
        <Transport snapshot={snapshot} controls={player} loopRange={{ start: 1, end: 2 }} />
        <Mixer stems={snapshot.stems} controls={player} />
      </>
    );
  }
  render(<Page />);
  return (url: string) => media.get(url) as FakeMedia;
}

describe('Mixer', () => {
  it('mutes, solos and sets the volume of a stem by accessible name', () => {
    const m = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Mute vocals' }));
    expect(screen.getByRole('button', { name: 'Mute vocals' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(m('/v').volume).toBe(0);
    fireEvent.change(screen.getByRole('slider', { name: 'Volume of original' }), {
      target: { value: '0.25' },
    });
    expect(m('/o').volume).toBe(0.25);
    fireEvent.click(screen.getByRole('button', { name: 'Solo instrumental' }));
    expect([m('/o').volume, m('/i').volume]).toEqual([0, 1]);
  });

  it('solos the vocals with one button', () => {
    const m = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Vocals only' }));
    expect([m('/o').volume, m('/v').volume, m('/i').volume]).toEqual([0, 1, 0]);
    expect(screen.getByRole('button', { name: 'Solo vocals' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows an error line for a stem that failed; the others stay usable', () => {
    const m = setup();
    act(() => m('/v').fail(2));
    expect(screen.getByRole('alert').textContent).toBe('vocals could not be loaded: network error');
    expect(screen.getByRole('slider', { name: 'Volume of vocals' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('slider', { name: 'Volume of original' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe('Transport', () => {
  it('plays and pauses every stem; the button says what it will do', async () => {
    const m = setup();
    act(() => STEMS.forEach((s) => m(s.url).becomeReady()));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      await Promise.resolve();
    });
    expect(STEMS.map((s) => m(s.url).paused)).toEqual([false, false, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(STEMS.map((s) => m(s.url).paused)).toEqual([true, true, true]);
  });

  it('sets the playback rate with pitch kept, and toggles the loop', () => {
    const m = setup();
    fireEvent.change(screen.getByLabelText('Playback rate'), { target: { value: '0.75' } });
    expect(m('/v').playbackRate).toBe(0.75);
    expect(m('/v').preservesPitch).toBe(true);
    const loop = screen.getByRole('button', { name: 'Loop' });
    fireEvent.click(loop);
    expect(loop.getAttribute('aria-pressed')).toBe('true');
  });
});
