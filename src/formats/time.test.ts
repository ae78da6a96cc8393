import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAssTime, formatClockMs, formatLrcTime, formatSrtTime, parseClock } from './time';

describe('time helpers', () => {
  it.each([
    [0, '00:00.00', '00:00:00,000', '0:00:00.00'],
    [59.999, '01:00.00', '00:00:59,999', '0:01:00.00'],
    [3599.9951, '60:00.00', '00:59:59,995', '1:00:00.00'],
    [6000.5, '100:00.50', '01:40:00,500', '1:40:00.50'],
    [-1, '00:00.00', '00:00:00,000', '0:00:00.00'],
  ])('formats %s s', (s, lrc, srt, ass) => {
    expect(formatLrcTime(s)).toBe(lrc);
    expect(formatSrtTime(s)).toBe(srt);
    expect(formatAssTime(s)).toBe(ass);
  });

  it.each([
    ['00:01.5', 1.5],
    ['1:02:03,250', 3723.25],
    ['12', 12],
    ['1:2:3:4', NaN],
    ['01:xx', NaN],
    ['', NaN],
  ])('parses %j', (text, seconds) => {
    expect(parseClock(text)).toBe(seconds);
  });

  it('formats and parses back within half a unit (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360_000, noNaN: true }), (s) => {
        expect(Math.abs(parseClock(formatClockMs(s)) - s)).toBeLessThanOrEqual(0.0005 + 1e-9);
        expect(Math.abs(parseClock(formatSrtTime(s)) - s)).toBeLessThanOrEqual(0.0005 + 1e-9);
        expect(Math.abs(parseClock(formatAssTime(s)) - s)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});
