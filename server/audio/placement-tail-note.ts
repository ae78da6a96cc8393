/**
 * A short word squeezed onto the tail of the note before it while its own note comes after a pause
 * (issue 22, sync-es3): "be~~ my feet" with "my" placed in the last 60 ms of the held "be" and sung
 * 0.3 s later, on a short note of its own between the held one and "feet". The recogniser matched
 * the word's few phones to the held vowel's end; the stem shows its note. The rule: a word of a
 * line under `squeezedSeconds`, starting inside a voiced stretch that began at least `insideSeconds`
 * before it and that the word before it also lies on (the held note), then, before the next word, a
 * stretch that starts after `pauseSeconds` without voice, within `reachSeconds` of the word, and
 * ends at least `clearSeconds` before the next word starts (a note of its own, not the start of the
 * next word's note), with a real dip of the stem's energy before it (`deepestDip`, 6 dB: the pause
 * is a breath or a consonant, not the voicing threshold cutting a steady note). The word takes that
 * note; the word before keeps the time the word left. `db` is the stem's energy per FRAME_SECONDS.
 */
import { stretchAt, pauseBefore, type Stretch, type TimedWord } from './line-heads';
import { deepestDip } from './squeezed-words';

export const tailNoteRules = {
  /** A word shorter than this is squeezed. */
  squeezedSeconds: 0.12,
  /** It starts at least this far inside the note the word before it lies on... */
  insideSeconds: 0.1,
  /** ...and its own note starts after at least this long without voice... */
  pauseSeconds: 0.05,
  /** ...at most this long after the word's placed start... */
  reachSeconds: 1,
  /** ...and ends at least this long before the next word starts. */
  clearSeconds: 0.1,
};

/** The squeezed words moved onto their own note after the held one; `moved` marks them. */
export function repairTailNotes(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
  db: Float64Array,
): number {
  let count = 0;
  for (let k = 1; k + 1 < words.length; k++) {
    const [before, word, next] = [words[k - 1]!, words[k]!, words[k + 1]!];
    if (before.line !== word.line) continue;
    const note = ownNote(before, word, next, stretches);
    if (!note || deepestDip(db, word.end, note.start + 0.05) === undefined) continue;
    before.end = Math.max(before.end, word.end);
    word.start = note.start;
    word.end = note.end;
    moved[k] = true;
    count++;
  }
  return count;
}

/** The note after a pause that `word`, squeezed onto the tail of `before`'s note, is sung on. */
function ownNote(
  before: TimedWord,
  word: TimedWord,
  next: TimedWord,
  stretches: readonly Stretch[],
) {
  const r = tailNoteRules;
  if (word.end - word.start >= r.squeezedSeconds) return undefined;
  const holding = stretches[stretchAt(stretches, word.start)];
  if (!holding || holding.start > word.start - r.insideSeconds) return undefined;
  if (holding.start > before.end || holding.end < before.end - 0.05) return undefined;
  return stretches.find(
    (s, i) =>
      s.start >= word.end &&
      s.start <= word.start + r.reachSeconds &&
      pauseBefore(stretches, i) >= r.pauseSeconds &&
      s.end <= next.start - r.clearSeconds,
  );
}
