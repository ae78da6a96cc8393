/**
 * Exact time entry for the word list: what a user may type and how a time is shown.
 * Accepted: `12.345`, `12`, `1:02.5`, `m:ss.mmm`, `h:mm:ss.mmm`, with `,` as decimal separator too.
 */

export type ParseResult = { ok: true; value: number } | { ok: false; error: string };

export interface ParseOptions {
  /** Media duration in seconds; later times are refused (Infinity or omitted: no limit). */
  duration?: number;
}

const SECONDS = /^(\d+(?:\.\d*)?|\.\d+)$/;
const WHOLE = /^\d+$/;
const FORMAT_HINT = 'Use seconds (12.345) or m:ss.mmm (1:02.500)';

export function parseTime(input: string, options: ParseOptions = {}): ParseResult {
  const text = input.trim().replace(',', '.');
  if (text === '') return { ok: false, error: `Enter a time. ${FORMAT_HINT}` };
  if (text.startsWith('-') && /\d/.test(text)) {
    return { ok: false, error: 'A time cannot be negative' };
  }
  const parts = text.split(':');
  const seconds = parts[parts.length - 1] ?? '';
  const units = parts.slice(0, -1);
  if (parts.length > 3 || !SECONDS.test(seconds) || !units.every((p) => WHOLE.test(p))) {
    return { ok: false, error: `“${input.trim()}” is not a time. ${FORMAT_HINT}` };
  }
  const secs = Number(seconds);
  const [first, second] = units.map(Number);
  if (units.length > 0 && secs >= 60) {
    return { ok: false, error: 'Seconds must be under 60 after a colon' };
  }
  if (units.length === 2 && (second ?? 0) >= 60) {
    return { ok: false, error: 'Minutes must be under 60 after hours' };
  }
  const value =
    units.length === 2
      ? (first ?? 0) * 3600 + (second ?? 0) * 60 + secs
      : units.length === 1
        ? (first ?? 0) * 60 + secs
        : secs;
  // Float noise from the sum (e.g. 62.50000000000001) is below any audible difference.
  const rounded = Math.round(value * 1e6) / 1e6;
  if (!Number.isFinite(rounded)) return { ok: false, error: 'That time is too large' };
  const duration = options.duration ?? Infinity;
  if (rounded > duration) {
    return { ok: false, error: `Past the end of the song (${formatTime(duration)})` };
  }
  return { ok: true, value: rounded };
}

/** `m:ss.mmm` (minutes keep counting past 59, as editors of long songs expect). */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '-:--.---';
  const sign = seconds < 0 ? '-' : '';
  const ms = Math.round(Math.abs(seconds) * 1000);
  const minutes = Math.floor(ms / 60_000);
  const rest = ms - minutes * 60_000;
  const secs = Math.floor(rest / 1000);
  const millis = rest - secs * 1000;
  return `${sign}${minutes}:${String(secs).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

/**
 * A typed word edge checked against the word's other edge: a start at or after the end (or an end
 * at or before the start) is refused with a sentence naming the other edge.
 */
export function edgeAfter(result: ParseResult, edge: 'start' | 'end', other: number): ParseResult {
  if (!result.ok) return result;
  if (edge === 'start' && result.value >= other)
    return { ok: false, error: `The start must be before the end (${formatTime(other)})` };
  if (edge === 'end' && result.value <= other)
    return { ok: false, error: `The end must be after the start (${formatTime(other)})` };
  return result;
}
