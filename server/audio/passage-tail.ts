/**
 * A line's last word placed early, its note left wordless just before the next line (issue 22,
 * part 1): the recogniser squeezed the line's tail ("un-der my feet~~": "my" in 0.08 s and "feet"
 * on the note before) and gave the held last note to the garbage loop, so a clear note sung right
 * before the next line holds no word (the English acoustic song, three times: "feet" 0.7 s early).
 * When the line's tail is squeezed (the word before its last under `squeezedSeconds`), the last
 * voiced stretch before the next line starts after a pause, lasts `noteSeconds` or more, ends at
 * most `nextGapSeconds` before the next line, holds no word, lies at most `maxShiftSeconds` after
 * the last word's start, and the next line's first word starts on its own note (so that stretch is
 * not the next line's head placed late), the line's last word moves onto it. Otherwise nothing
 * moves.
 */
import type { Stretch, TimedWord } from './line-heads';
import type { LineSpan } from './passage-overlong';

export const tailRules = {
  /** The wordless note: a stretch of at least this long... */
  noteSeconds: 0.3,
  /** ...after at least this long without voice... */
  pauseSeconds: 0.15,
  /** ...ending at most this long before the next line's first word. */
  nextGapSeconds: 0.6,
  /** The next line's first word starts within this of its own stretch's start. */
  ownOnsetSeconds: 0.1,
  /** The tail is squeezed: the word before the last lasts under this... */
  squeezedSeconds: 0.12,
  /** ...and the last word moves later by at most this. */
  maxShiftSeconds: 1,
};

/** Where a line's last word belongs when its note before the next line was left wordless. */
export function wordlessTail(
  words: readonly TimedWord[],
  line: LineSpan,
  stretches: readonly Stretch[],
): Stretch | undefined {
  const r = tailRules;
  const last = words[line.last]!;
  const next = words[line.last + 1];
  if (!next || line.last <= line.first) return undefined;
  const previous = words[line.last - 1]!;
  if (previous.end - previous.start >= r.squeezedSeconds) return undefined;
  // The next line's first word begins its own note.
  const own = stretches.find((s) => s.start <= next.start + 0.01 && s.end > next.start);
  if (!own || next.start - own.start > r.ownOnsetSeconds) return undefined;
  const i = stretches.indexOf(own);
  const note = stretches[i - 1];
  const before = stretches[i - 2];
  if (!note || note.end - note.start < r.noteSeconds) return undefined;
  if (own.start - note.end > r.nextGapSeconds) return undefined;
  if (before && note.start - before.end < r.pauseSeconds) return undefined;
  // Wordless: the line's last word ends before the note starts.
  if (last.end > note.start || note.start - last.start > r.maxShiftSeconds) return undefined;
  return { start: note.start, end: note.end };
}
