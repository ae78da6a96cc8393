import { describe, expect, it } from 'vitest';
import { FakeMedia } from './fake-media';
import { effectiveGains, toggleSoloOf } from './mix';
import { StemPlayer, type StemSource } from './stem-player';

const SOURCES: StemSource[] = [
  { id: 'o', label: 'original', type: 'original', url: '/o.mp3' },
  { id: 'v', label: 'vocals', type: 'vocals', url: '/v.mp3' },
  { id: 'i', label: 'instrumental', type: 'instrumental', url: '/i.mp3' },
];

function setup(sources = SOURCES) {
  const media = new Map<string, FakeMedia>();
  let now = 0;
  let timers = 0;
  const player = new StemPlayer(sources, {
    createMedia: (url) => {
      const m = new FakeMedia(url);
      media.set(url, m);
      return m;
    },
    now: () => now,
    setInterval: () => ++timers,
    clearInterval: () => {
      timers--;
    },
  });
  player.connect();
  const m = (url: string) => media.get(url) as FakeMedia;
  /** Advances the fake clock and every element, then runs the player's tick. */
  const run = (seconds: number) => {
    now += seconds * 1000;
    for (const el of media.values()) el.advance(seconds);
    player.tick();
  };
  return { player, m, run, media, timers: () => timers, setNow: (t: number) => (now = t) };
}

describe('mix maths', () => {
  const base = [
    { id: 'o', volume: 0.8, muted: false, solo: false },
    { id: 'v', volume: 0.5, muted: false, solo: false },
    { id: 'i', volume: 1, muted: true, solo: false },
  ];
  it('applies volume and mute', () => {
    expect([...effectiveGains(base)]).toEqual([
      ['o', 0.8],
      ['v', 0.5],
      ['i', 0],
    ]);
  });
  it('solo silences the others and mute still wins over solo', () => {
    const soloed = base.map((m) => ({ ...m, solo: m.id !== 'o' }));
    expect([...effectiveGains(soloed)]).toEqual([
      ['o', 0],
      ['v', 0.5],
      ['i', 0],
    ]);
  });
  it('clamps volume to 0..1', () => {
    expect(effectiveGains([{ id: 'x', volume: 3, muted: false, solo: false }]).get('x')).toBe(1);
  });
  it('toggleSoloOf solos exactly the given stems, then clears', () => {
    const once = toggleSoloOf(base, new Set(['v']));
    expect(once.map((m) => m.solo)).toEqual([false, true, false]);
    expect(toggleSoloOf(once, new Set(['v'])).map((m) => m.solo)).toEqual([false, false, false]);
  });
});

describe('StemPlayer transport', () => {
  it('plays every loaded stem from one position with pitch kept', async () => {
    const { player, m } = setup();
    for (const s of SOURCES) m(s.url).becomeReady();
    player.seek(12);
    player.setRate(0.75);
    await player.play();
    for (const s of SOURCES) {
      expect(m(s.url).paused).toBe(false);
      expect(m(s.url).currentTime).toBe(12);
      expect(m(s.url).playbackRate).toBe(0.75);
      expect(m(s.url).preservesPitch).toBe(true);
    }
    expect(player.getSnapshot()).toMatchObject({ playing: true, rate: 0.75, leaderId: 'o' });
    player.pause();
    expect(SOURCES.every((s) => m(s.url).paused)).toBe(true);
  });

  it('clamps the rate to 0.5..1.5', () => {
    const { player } = setup();
    player.setRate(3);
    expect(player.getSnapshot().rate).toBe(1.5);
    player.setRate(0.1);
    expect(player.getSnapshot().rate).toBe(0.5);
  });

  it('reads the clock from the leader and extrapolates between its steps', async () => {
    const { player, m, run, setNow } = setup();
    for (const s of SOURCES) m(s.url).becomeReady();
    await player.play();
    run(1);
    expect(player.getTime()).toBeCloseTo(1);
    setNow(1100); // 100 ms later, the element has not updated currentTime yet
    expect(player.getTime()).toBeCloseTo(1.1);
    setNow(5000); // extrapolation is capped
    expect(player.getTime()).toBeCloseTo(1.25);
    player.pause();
    const paused = player.getTime();
    setNow(9000);
    expect(player.getTime()).toBe(paused);
  });

  it('measures drift and re-seeks a follower that drifts past 30 ms', async () => {
    const { player, m, run } = setup();
    for (const s of SOURCES) m(s.url).becomeReady();
    await player.play();
    m('/v.mp3').skew = 0.01; // 10 ms per second fast
    run(2);
    expect(player.getDrift().perStem.get('v')).toBeCloseTo(0.02);
    expect(player.getDrift().corrections).toBe(0);
    run(2); // 40 ms: corrected to the leader
    expect(player.getDrift().perStem.get('v')).toBeCloseTo(0.04);
    expect(player.getDrift().corrections).toBe(1);
    expect(m('/v.mp3').currentTime).toBe(m('/o.mp3').currentTime);
    expect(player.getDrift().perStem.get('i')).toBe(0);
  });

  it('loops a range', async () => {
    const { player, m, run } = setup();
    for (const s of SOURCES) m(s.url).becomeReady();
    player.setLoop({ start: 10, end: 11 });
    await player.play(); // outside the loop: starts at its start
    expect(m('/o.mp3').currentTime).toBe(10);
    run(0.6);
    expect(m('/o.mp3').currentTime).toBeCloseTo(10.6);
    run(0.6); // past 11: back to 10 on every stem
    expect(SOURCES.map((s) => m(s.url).currentTime)).toEqual([10, 10, 10]);
  });

  it('stops its timer on pause and dispose, and releases the media', async () => {
    const { player, m, timers } = setup();
    m('/o.mp3').becomeReady();
    await player.play();
    expect(timers()).toBe(1);
    player.pause();
    expect(timers()).toBe(0);
    await player.play();
    player.dispose();
    expect(timers()).toBe(0);
    expect(SOURCES.map((s) => m(s.url).src)).toEqual(['', '', '']);
    expect(SOURCES.map((s) => m(s.url).listenerCount())).toEqual([0, 0, 0]);
  });

  it('reconnects after dispose with the same mix and position (StrictMode double mount)', () => {
    const { player, media, m } = setup();
    m('/o.mp3').becomeReady();
    player.setVolume('v', 0.3);
    player.seek(42);
    player.dispose();
    expect(player.getSnapshot().stems.map((s) => s.status)).toEqual([
      'loading',
      'loading',
      'loading',
    ]);
    player.connect();
    expect(m('/v.mp3').volume).toBe(0.3); // a fresh element got the remembered mix
    expect(media.size).toBe(3);
    m('/o.mp3').becomeReady();
    expect(player.getTime()).toBe(42);
  });
});

describe('StemPlayer mixer', () => {
  it('sets element volume from volume, mute and solo', () => {
    const { player, m } = setup();
    player.setVolume('o', 0.4);
    player.setMuted('i', true);
    expect([m('/o.mp3').volume, m('/v.mp3').volume, m('/i.mp3').volume]).toEqual([0.4, 1, 0]);
    player.toggleSoloType('vocals');
    expect([m('/o.mp3').volume, m('/v.mp3').volume, m('/i.mp3').volume]).toEqual([0, 1, 0]);
    expect(player.getSnapshot().stems.map((s) => s.solo)).toEqual([false, true, false]);
    player.toggleSoloType('vocals');
    expect([m('/o.mp3').volume, m('/v.mp3').volume, m('/i.mp3').volume]).toEqual([0.4, 1, 0]);
  });
});

describe('StemPlayer failed stems', () => {
  it('reports the failed stem and keeps the others playing in sync', async () => {
    const { player, m, run } = setup();
    m('/o.mp3').fail(4);
    m('/v.mp3').becomeReady();
    m('/i.mp3').becomeReady();
    const snap = player.getSnapshot();
    expect(snap.stems[0]).toMatchObject({
      status: 'error',
      error: 'format not supported or file not found',
    });
    expect(snap.leaderId).toBe('v');
    await player.play();
    expect(m('/o.mp3').paused).toBe(true);
    expect(m('/v.mp3').paused).toBe(false);
    run(1);
    expect(player.getTime()).toBeCloseTo(1);
  });

  it('a stem whose play() is refused says so; the rest still play', async () => {
    const { player, m } = setup();
    for (const s of SOURCES) m(s.url).becomeReady();
    m('/i.mp3').playRejection = Object.assign(new Error('decode failed'), {
      name: 'NotSupportedError',
    });
    await player.play();
    expect(player.getSnapshot().stems[2]).toMatchObject({
      status: 'error',
      error: 'decode failed',
    });
    expect(m('/o.mp3').paused).toBe(false);
  });

  it('a stem that loads late joins at the leader time', async () => {
    const { player, m, run } = setup();
    m('/o.mp3').becomeReady();
    await player.play();
    run(3);
    m('/v.mp3').becomeReady();
    expect(m('/v.mp3').paused).toBe(false);
    expect(m('/v.mp3').currentTime).toBeCloseTo(3);
  });

  it('notifies subscribers on changes', () => {
    const { player } = setup();
    let calls = 0;
    const off = player.subscribe(() => calls++);
    player.setMuted('o', true);
    player.setLoop({ start: 1, end: 2 });
    off();
    player.setMuted('o', false);
    expect(calls).toBe(2);
  });
});
