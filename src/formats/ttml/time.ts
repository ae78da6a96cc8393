import { digitsFraction, groups, scanGroups, trimmed } from '../time';
import type { XmlTree } from './xml';

/**
 * TTML time expressions: clock `hh:mm:ss(.fff)`, `hh:mm:ss:ff(.sub)` (SMPTE frames, ttaf1 files),
 * offsets `12.3s` / `450ms` / `1.5m` / `1h` / `30f` / `100t`, and the forms Apple-style files use
 * outside the standard: `mm:ss.fff`, `m:ss` and bare seconds `12.345`.
 */
export interface TimeParams {
  /** Effective frames per second (frameRate * frameRateMultiplier). */
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

export function timeParams(tree: XmlTree, root: number): TimeParams {
  const attr = (node: number, name: string) => tree.attr(node, name);
  const frameRate = Number(attr(root, 'frameRate') ?? '') || 30;
  const multiplier = (attr(root, 'frameRateMultiplier') ?? '').trim().split(/\s+/).map(Number);
  const ratio =
    multiplier.length === 2 && multiplier[0]! > 0 && multiplier[1]! > 0
      ? multiplier[0]! / multiplier[1]!
      : 1;
  const subFrameRate = Number(attr(root, 'subFrameRate') ?? '') || 1;
  const explicitTicks = Number(attr(root, 'tickRate') ?? '');
  const tickRate =
    explicitTicks > 0 ? explicitTicks : attr(root, 'frameRate') ? frameRate * subFrameRate : 1;
  return { frameRate: frameRate * ratio, subFrameRate, tickRate };
}

/**
 * Read by hand on char codes (two per word in a word-timed file): digit groups split by `:`, an
 * optional `.` fraction, an optional unit. The forms, as patterns:
 * clock `^(\d{1,3}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,9})|:(\d{1,4})(?:\.(\d{1,4}))?)?$`,
 * short clock `^(\d{1,4}):(\d{1,2})(?:\.(\d{1,9}))?$`, offset `^(\d{1,12}(?:\.\d{1,12})?)(h|m|s|ms|f|t)?$`.
 */
export function parseTtmlTime(value: string | undefined, p: TimeParams): number {
  if (value === undefined) return NaN;
  const v = trimmed(value);
  return ttmlTimeAt(v, 0, v.length, p);
}

/**
 * A trimmed time expression at `v[from, to)`, read in place (an attribute value in the source,
 * with its closing quote at `to`). NaN when it is not one.
 */
export function ttmlTimeAt(v: string, from: number, to: number, p: TimeParams): number {
  if (to === from || to - from > 40) return NaN;
  const stop = scanGroups(v, from);
  if (stop > to) return NaN;
  const { count, digits } = groups;
  const g0 = groups.value[0]!;
  const g1 = groups.value[1]!;
  const g2 = groups.value[2]!;
  const g3 = groups.value[3]!;
  for (let g = 0; g < Math.min(count, 4); g++) if (digits[g] === 0) return NaN;
  // The fraction after `.`, and where the unit starts.
  let fracDigits = 0;
  let unit = stop;
  if (stop < to && v.charCodeAt(stop) === 46 /* . */) {
    unit = stop + 1;
    while (unit < to && v.charCodeAt(unit) >= 48 && v.charCodeAt(unit) <= 57) unit++;
    fracDigits = unit - stop - 1;
    if (fracDigits === 0) return NaN;
  }
  const hasUnit = unit < to;
  if (count === 3 || count === 4) {
    if (hasUnit || digits[0]! > 3 || digits[1]! > 2 || digits[2]! > 2) return NaN;
    const base = g0 * 3600 + g1 * 60 + g2;
    if (count === 3) {
      if (fracDigits === 0) return base;
      return fracDigits <= 9 ? base + digitsFraction(v, stop + 1, unit) : NaN;
    }
    if (digits[3]! > 4 || fracDigits > 4) return NaN;
    const sub = fracDigits === 0 ? 0 : Number(v.slice(stop + 1, unit));
    return base + (g3 + sub / p.subFrameRate) / p.frameRate;
  }
  if (count === 2) {
    if (hasUnit || digits[0]! > 4 || digits[1]! > 2 || fracDigits > 9) return NaN;
    return g0 * 60 + g1 + (fracDigits === 0 ? 0 : digitsFraction(v, stop + 1, unit));
  }
  if (count !== 1 || digits[0]! > 12 || fracDigits > 12) return NaN;
  // `Number` of the whole offset rounds once, as the integer and fraction summed would not.
  const n = fracDigits === 0 ? g0 : Number(v.slice(from, unit));
  if (!hasUnit) return n;
  switch (v.slice(unit, to)) {
    case 'h':
      return n * 3600;
    case 'm':
      return n * 60;
    case 's':
      return n;
    case 'ms':
      return n / 1000;
    case 'f':
      return n / p.frameRate;
    case 't':
      return n / p.tickRate;
    default:
      return NaN;
  }
}
