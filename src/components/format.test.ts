import { describe, expect, it } from 'vitest';
import {
  describeUpload,
  formatBytes,
  formatDuration,
  parseArtists,
  percentOf,
  songClock,
  titleFromFileName,
} from './format';

describe('upload progress maths', () => {
  it('gives whole percents clamped to 0–100', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(333, 1000)).toBe(33);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });

  it('describes bytes, percent, speed and time left', () => {
    expect(
      describeUpload({
        loaded: 5 * 1024 * 1024,
        total: 20 * 1024 * 1024,
        bytesPerSecond: 1024 * 1024,
        secondsLeft: 15,
      }),
    ).toBe('5.0 MB of 20 MB · 25 % · 1.0 MB/s · 15 s left');
    expect(describeUpload({ loaded: 0, total: 2048, bytesPerSecond: 0, secondsLeft: null })).toBe(
      '0 B of 2.0 KB · 0 %',
    );
  });

  it('formats sizes and durations', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(48_213_504)).toBe('46 MB');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(3700)).toBe('1 h 1 min');
  });
});

describe('form helpers', () => {
  it('suggests a title from the file name without its extension', () => {
    expect(titleFromFileName('demo-song.flac')).toBe('demo-song');
    expect(titleFromFileName('My_Song.final.mp3')).toBe('My Song.final');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });

  it('splits artists on commas and drops empties', () => {
    expect(parseArtists(' A , B,, C ')).toEqual(['A', 'B', 'C']);
    expect(parseArtists('')).toEqual([]);
  });
});

describe('songClock', () => {
  it('shows song times as a player does', () => {
    expect([0, 1, 59.9, 61, 3723, -1].map(songClock)).toEqual([
      '0:00',
      '0:01',
      '0:59',
      '1:01',
      '1:02:03',
      '—',
    ]);
  });
});
