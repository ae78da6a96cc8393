import { describe, expect, it } from 'vitest';
import { formatTime, parseTime } from './time-format';

describe('parseTime accepts', () => {
  it.each([
    ['12.345', 12.345],
    ['12', 12],
    ['0', 0],
    ['  7.5  ', 7.5],
    ['12,345', 12.345],
    ['.5', 0.5],
    ['3.', 3],
    ['1:02.5', 62.5],
    ['1:02,5', 62.5],
    ['0:00.001', 0.001],
    ['2:03.456', 123.456],
    ['75:00.000', 4500],
    ['1:00:00.000', 3600],
    ['1:02:03.5', 3723.5],
    ['125.25', 125.25],
  ])('%j -> %d', (input, expected) => {
    expect(parseTime(input)).toEqual({ ok: true, value: expected });
  });
});

describe('parseTime refuses', () => {
  it.each([
    ['', /Enter a time/],
    ['   ', /Enter a time/],
    ['-1', /negative/],
    ['-0:01.000', /negative/],
    ['NaN', /not a time/],
    ['Infinity', /not a time/],
    ['abc', /not a time/],
    ['12.3.4', /not a time/],
    ['1e3', /not a time/],
    ['1:2:3:4', /not a time/],
    ['1::2', /not a time/],
    [':5', /not a time/],
    ['1:60', /under 60/],
    ['1:75:00', /under 60/],
    ['12s', /not a time/],
    ['1,2,3', /not a time/],
  ])('%j', (input, message) => {
    expect(parseTime(input)).toEqual({
      ok: false,
      error: expect.stringMatching(message) as string,
    });
  });

  it('times past the duration, naming the end', () => {
    expect(parseTime('3:00.001', { duration: 180 })).toEqual({
      ok: false,
      error: 'Past the end of the song (3:00.000)',
    });
    expect(parseTime('3:00', { duration: 180 })).toEqual({ ok: true, value: 180 });
  });
});

describe('formatTime', () => {
  it.each([
    [0, '0:00.000'],
    [12.345, '0:12.345'],
    [62.5, '1:02.500'],
    [59.9996, '1:00.000'],
    [3723.5, '62:03.500'],
    [0.0004, '0:00.000'],
    [-1.5, '-0:01.500'],
    [Infinity, '-:--.---'],
    [NaN, '-:--.---'],
  ])('%d -> %s', (seconds, expected) => {
    expect(formatTime(seconds)).toBe(expected);
  });

  it('round-trips through parseTime at millisecond precision', () => {
    for (const t of [0, 0.001, 1.234, 59.999, 61.01, 3599.999, 5000.5]) {
      expect(parseTime(formatTime(t))).toEqual({ ok: true, value: t });
    }
  });
});
