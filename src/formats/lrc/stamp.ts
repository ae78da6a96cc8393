import { digitsFraction, groups, scanGroups, trimmed } from '../time';

/**
 * LRC time stamps: `mm:ss`, `mm:ss.xx`, `mm:ss.xxx`, `mm:ss:xx` (a colon before hundredths, seen in
 * old files) and `hh:mm:ss.xx`. Read by hand on char codes (every word of an enhanced LRC file has
 * one): digit groups split by `:`, then an optional `.` / `,` fraction.
 */
export function parseLrcStamp(inner: string): number {
  if (inner.length === 0 || inner.length > 16) return NaN;
  const s = trimmed(inner);
  return stampAt(s, 0, s.length);
}

/**
 * The stamp `text[from, to)` where the character at `to` ends it (`]` or `>`): read in place when
 * it starts and ends with a digit (no slice per word), else as `parseLrcStamp(slice)`.
 */
export function parseLrcStampIn(text: string, from: number, to: number): number {
  const n = to - from;
  if (n === 0 || n > 16) return NaN;
  const c = text.charCodeAt(from);
  const d = text.charCodeAt(to - 1);
  if (c >= 48 && c <= 57 && d >= 48 && d <= 57) return stampAt(text, from, to);
  return parseLrcStamp(text.slice(from, to));
}

/** A trimmed stamp at `s[from, to)`; `s[to]`, if any, is not a digit, `:`, `.` or `,`. */
function stampAt(s: string, from: number, to: number): number {
  const stop = scanGroups(s, from);
  if (stop > to) return NaN;
  const { value, digits, count } = groups;
  let fraction = 0;
  let fracDigits = 0;
  if (stop < to) {
    const c = s.charCodeAt(stop);
    if (c !== 46 /* . */ && c !== 44 /* , */) return NaN;
    fracDigits = to - stop - 1;
    if (fracDigits < 1 || fracDigits > 3) return NaN;
    fraction = digitsFraction(s, stop + 1, to);
    if (Number.isNaN(fraction)) return NaN;
  }
  const d0 = digits[0]!;
  const d1 = digits[1]!;
  if (count === 2 && d0 >= 1 && d0 <= 4 && d1 >= 1 && d1 <= 2) {
    // mm:ss[.xx]
    return value[0]! * 60 + value[1]! + fraction;
  }
  const d2 = digits[2]!;
  if (count === 3 && fracDigits === 0 && d0 >= 1 && d0 <= 4 && d1 >= 1 && d1 <= 2) {
    // mm:ss:xx, the colon before the fraction
    if (d2 < 1 || d2 > 3) return NaN;
    return value[0]! * 60 + value[1]! + value[2]! / 10 ** d2;
  }
  if (count === 3 && fracDigits > 0 && d0 >= 1 && d0 <= 2 && d1 >= 1 && d1 <= 2) {
    // hh:mm:ss.xx
    if (d2 < 1 || d2 > 2) return NaN;
    return value[0]! * 3600 + value[1]! * 60 + value[2]! + fraction;
  }
  return NaN;
}

/** `[key:value]` metadata tags (ti, ar, al, by, offset, la, length, re, ve, #...). */
export const TAG = /^\[([A-Za-z#][A-Za-z0-9_#-]{0,15})\s*:([^\]]*)\]$/;
