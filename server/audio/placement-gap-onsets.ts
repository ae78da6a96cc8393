/**
 * A word placed late inside its own note after a pause in its line (issue 22, sync-es3): "es~ muy
 * extraña" was placed with a 0.5 s gap after "es" and "muy" 0.45 s into the note that is sung from
 * the gap on. The recogniser matched the start of the note to silence; the stem shows where it
 * begins.
 *
 * The rule: inside a line, a gap of `gapSeconds` or more between two words, and a voiced stretch of
 * the stem that starts inside the gap after a pause (`pauseSeconds` without voice, or more), at least
 * `insideSeconds` before the next word's start, and runs on into that word. The word then starts
 * where the stretch does (its end stays). A stretch that ends before the word, or one that runs on
 * from the word before, moves nothing.
 */
import type { Stretch, TimedWord } from './line-heads';

export const gapOnsetRules = {
  /** The gap inside the line: at least this long... */
  gapSeconds: 0.2,
  /** ...holding the start of a stretch after at least this long without voice... */
  pauseSeconds: 0.05,
  /** ...at least this long before the word placed after the gap. */
  insideSeconds: 0.1,
};

/** The words moved back onto the start of their note; `moved` marks them. */
export function repairGapOnsets(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
): number {
  const r = gapOnsetRules;
  let count = 0;
  for (let k = 1; k < words.length; k++) {
    const [before, word] = [words[k - 1]!, words[k]!];
    if (before.line !== word.line || word.start - before.end < r.gapSeconds) continue;
    const note = stretches.find(
      (s, i) =>
        s.start > before.end + r.pauseSeconds &&
        s.start <= word.start - r.insideSeconds &&
        s.end > word.start &&
        s.start - (stretches[i - 1]?.end ?? -Infinity) >= r.pauseSeconds,
    );
    if (!note) continue;
    word.start = note.start;
    moved[k] = true;
    count++;
  }
  return count;
}
