/**
 * Words placed late inside their own note, the note's start left to silence or to the garbage loop
 * (issue 22, sync-es3). The recogniser matched the start of a sung note to the pause before it; the
 * stem shows where the note begins. Two cases:
 * - After a pause inside a line ("es~ muy extraña": "muy" placed 0.45 s into the note sung from the
 *   gap on): a gap of `gapSeconds` or more between two words of a line holds the start of a voiced
 *   stretch (after `pauseSeconds` without voice) at least `insideSeconds` before the next word, and
 *   the stretch runs on into that word. The word then starts where the stretch does.
 * - A line's first word late inside its phrase ("yeah, well I should": "yeah" placed 0.8 s into the
 *   note that starts the line): the stretch holding the word's start began `headInsideSeconds` to
 *   `headBackSeconds` before it, after `headPauseSeconds` or more without voice, and no word of the
 *   line before lies on it (it starts `headFreeSeconds` or more after that line's end). The word then
 *   starts where the stretch does.
 * The word's end stays. A stretch that ends before the word, or one that runs on from the word
 * before, moves nothing.
 */
import { stretchAt, pauseBefore, type Stretch, type TimedWord } from './line-heads';

export const gapOnsetRules = {
  /** The gap inside the line: at least this long... */
  gapSeconds: 0.2,
  /** ...holding the start of a stretch after at least this long without voice... */
  pauseSeconds: 0.05,
  /** ...at least this long before the word placed after the gap. */
  insideSeconds: 0.1,
  /** A line's first word at least this far inside its stretch... */
  headInsideSeconds: 0.3,
  /** ...which began at most this long before it... */
  headBackSeconds: 1.5,
  /** ...after at least this long without voice... */
  headPauseSeconds: 0.25,
  /** ...and at least this long after the previous line's last word. */
  headFreeSeconds: 0.1,
};

/** The words moved back onto the start of their note; `moved` marks them. */
export function repairGapOnsets(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
): number {
  let count = 0;
  for (let k = 0; k < words.length; k++) {
    const [before, word] = [words[k - 1], words[k]!];
    const note =
      before?.line === word.line
        ? noteInGap(before, word, stretches)
        : headNote(before, word, stretches);
    if (!note) continue;
    word.start = note.start;
    moved[k] = true;
    count++;
  }
  return count;
}

/** The stretch that starts after a pause in the gap before `word` and runs on into it. */
function noteInGap(before: TimedWord, word: TimedWord, stretches: readonly Stretch[]) {
  const r = gapOnsetRules;
  if (word.start - before.end < r.gapSeconds) return undefined;
  return stretches.find(
    (s, i) =>
      s.start > before.end + r.pauseSeconds &&
      s.start <= word.start - r.insideSeconds &&
      s.end > word.start &&
      pauseBefore(stretches, i) >= r.pauseSeconds,
  );
}

/** The stretch a line's first word lies inside, begun after a pause and after the line before. */
function headNote(before: TimedWord | undefined, word: TimedWord, stretches: readonly Stretch[]) {
  const r = gapOnsetRules;
  const i = stretchAt(stretches, word.start);
  const note = stretches[i];
  if (!note) return undefined;
  const inside = word.start - note.start;
  if (inside < r.headInsideSeconds || inside > r.headBackSeconds) return undefined;
  if (pauseBefore(stretches, i) < r.headPauseSeconds) return undefined;
  if (before && note.start < before.end + r.headFreeSeconds) return undefined;
  return note;
}
