/**
 * Clock times shared by the readers and writers. Parsing is by hand on short strings (no regex
 * backtracking on hostile input); formatting rounds once to the format's unit so that the fields
 * never show 60 seconds.
 */

/*
 * Parsing is by hand on char codes: readers call it for every word of a 100k-word file, so no
 * trim, slice, split or regex on the common path. The digit groups of a time go into the scratch
 * fields below (one parse at a time; the module is synchronous).
 */
const MAX_GROUPS = 4;
/**
 * The `:`-separated digit groups of the last `scanGroups`: values, digit counts, and how many
 * (MAX_GROUPS + 1 when there were more).
 */
export const groups = {
  value: new Float64Array(MAX_GROUPS),
  digits: new Int32Array(MAX_GROUPS),
  count: 0,
};

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Reads `d+(:d+)*` from `from` (a group may be empty: `1::2` has a middle group of 0 digits);
 * returns the index of the first other character.
 */
export function scanGroups(s: string, from: number): number {
  let g = 0;
  let value = 0;
  let digits = 0;
  let i = from;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 58 /* : */) {
      if (g < MAX_GROUPS) {
        groups.value[g] = value;
        groups.digits[g] = digits;
      }
      g++;
      value = 0;
      digits = 0;
    } else break;
  }
  if (g < MAX_GROUPS) {
    groups.value[g] = value;
    groups.digits[g] = digits;
  }
  groups.count = Math.min(g + 1, MAX_GROUPS + 1);
  return i;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The value of the digits `s[from, to)` as a fraction, exactly as `Number("0." + digits)`: up to 15
 * digits the integer and the power of ten are exact, so one division rounds once, like parsing
 * does. NaN when a character is not a digit.
 */
export function digitsFraction(s: string, from: number, to: number): number {
  if (to - from > 15) {
    for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return NaN;
    return Number(`0.${s.slice(from, to)}`);
  }
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return NaN;
    value = value * 10 + (c - 48);
  }
  return value / POW10[to - from]!;
}

/** `text.trim()` only when an end is not a digit (times are nearly always bare). */
export function trimmed(text: string): string {
  const n = text.length;
  return n > 0 && isDigit(text.charCodeAt(0)) && isDigit(text.charCodeAt(n - 1))
    ? text
    : text.trim();
}

/**
 * `[[h:]m:]s[.frac]` with `.` or `,` before the fraction (LRC, SRT, VTT, ASS, TTML clock without
 * frames). A `:` before a last group of 2-3 digits in LRC (`mm:ss:xx`) is read as a fraction by the
 * LRC reader, not here. Returns NaN when not a time.
 */
export function parseClock(text: string): number {
  const s = trimmed(text);
  return clockAt(s, 0, s.length);
}

/**
 * `parseClock(text.slice(from, to))` without the slice when the time starts and ends with a digit;
 * the character at `to`, if any, must not be a digit, `:`, `.` or `,` (a closing `>`).
 */
export function parseClockIn(text: string, from: number, to: number): number {
  const c = text.charCodeAt(from);
  const d = text.charCodeAt(to - 1);
  if (to > from && isDigit(c) && isDigit(d)) return clockAt(text, from, to);
  return parseClock(text.slice(from, to));
}

function clockAt(s: string, from: number, to: number): number {
  if (to === from || to - from > 32) return NaN;
  const stop = scanGroups(s, from);
  if (groups.count > 3 || stop > to) return NaN;
  let seconds = 0;
  for (let g = 0; g < groups.count; g++) {
    const digits = groups.digits[g]!;
    if (digits < 1 || digits > 9) return NaN;
    seconds = seconds * 60 + groups.value[g]!;
  }
  if (stop === to) return seconds;
  const c = s.charCodeAt(stop);
  if (c !== 46 /* . */ && c !== 44 /* , */) return NaN;
  // `12.` is 12 s; any other character after the fraction's digits is not a time.
  if (stop + 1 === to) return seconds;
  const frac = digitsFraction(s, stop + 1, to);
  return Number.isNaN(frac) ? NaN : seconds + frac;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/*
 * Formatting rounds once to whole units (no field shows 60), with integer arithmetic and no
 * intermediate objects: writers call these twice per word, 200,000 times for a long song.
 */

/** LRC `mm:ss.xx` (minutes grow past 99 when needed). */
export function formatLrcTime(seconds: number): string {
  const units = Math.max(0, Math.round(seconds * 100));
  const total = Math.floor(units / 100);
  return `${two(Math.floor(total / 60))}:${two(total % 60)}.${two(units % 100)}`;
}

/** `hh:mm:ss<sep>mmm`. */
function clockMs(seconds: number, sep: string): string {
  const units = Math.max(0, Math.round(seconds * 1000));
  const total = Math.floor(units / 1000);
  const h = Math.floor(total / 3600);
  return `${two(h)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}${sep}${three(units % 1000)}`;
}

/** SRT `hh:mm:ss,mmm`. */
export const formatSrtTime = (seconds: number) => clockMs(seconds, ',');

/** WebVTT and TTML clock `hh:mm:ss.mmm`. */
export const formatClockMs = (seconds: number) => clockMs(seconds, '.');

/** ASS `h:mm:ss.cc`. */
export function formatAssTime(seconds: number): string {
  const units = Math.max(0, Math.round(seconds * 100));
  const total = Math.floor(units / 100);
  return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}.${two(units % 100)}`;
}

/** Centiseconds, the unit of LRC, ASS and `\k`. */
export const toCentis = (seconds: number) => Math.max(0, Math.round(seconds * 100));

/** Milliseconds, the unit of SRT, WebVTT and TTML. */
export const toMillis = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
