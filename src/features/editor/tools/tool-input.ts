import type { AlignmentItem } from '../../../contract';
import { formatTime } from '../panels/time-format';

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

const OFFSET = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** An offset in seconds as typed: `-0.25`, `+1.5`, `2`, `0,5` (comma as decimal point), `1.5 s`. */
export function parseOffset(input: string): Parsed {
  const text = input.trim().replace(',', '.').replace(/\s*s$/, '');
  if (text === '')
    return { ok: false, error: 'Type an offset in seconds, for example -0.25 or 1.5.' };
  if (!OFFSET.test(text))
    return {
      ok: false,
      error: `“${input.trim()}” is not a number of seconds. Type for example -0.25 or 1.5.`,
    };
  const value = Number(text);
  if (value === 0) return { ok: false, error: 'An offset of 0 seconds changes nothing.' };
  return { ok: true, value };
}

/** Why shifting the span [start, end] by `offset` cannot be done exactly, or null. */
export function shiftProblem(
  offset: number,
  span: { start: number; end: number },
  duration: number,
): string | null {
  if (span.start + offset < 0)
    return `That moves the words before the start of the song: the earliest shift is ${(-span.start).toFixed(3)} s.`;
  if (span.end + offset > duration)
    return `That moves the words past the end of the song (${formatTime(duration)}): the latest shift is ${(duration - span.end).toFixed(3)} s.`;
  return null;
}

/** Why a stretch to [start, end] cannot be done, or null. */
export function stretchProblem(start: number, end: number): string | null {
  if (end <= start) return 'The new end must be after the new start.';
  return null;
}

/** Where a split starts: at the playhead when it is inside the word, else half the letters. */
export function initialSplit(
  item: Pick<AlignmentItem, 'start' | 'end' | 'text'>,
  playhead: number,
): { at: number; time: number | undefined } {
  const letters = item.text.length;
  const inside = playhead > item.start && playhead < item.end;
  if (!inside || letters < 2) return { at: Math.max(1, Math.floor(letters / 2)), time: undefined };
  const fraction = (playhead - item.start) / (item.end - item.start);
  return { at: Math.min(letters - 1, Math.max(1, Math.round(letters * fraction))), time: playhead };
}

/** Why a split after `at` letters of `text` cannot be done, or null. */
export function splitLetterProblem(text: string, at: number): string | null {
  if (Number.isInteger(at) && at >= 1 && at < text.length) return null;
  return text.length < 2
    ? `“${text}” has one letter: it cannot be split.`
    : `Type a number from 1 to ${text.length - 1}: the letters before the split.`;
}

/** The split time in proportion to the letters: `at` letters into the word's span. */
export function proportionalSplitTime(
  item: Pick<AlignmentItem, 'start' | 'end' | 'text'>,
  at: number,
): number {
  return item.start + ((item.end - item.start) * at) / Math.max(1, item.text.length);
}
