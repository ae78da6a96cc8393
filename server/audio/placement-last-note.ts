/**
 * A line's last word placed on a later note than its own (issue 22, sync-es3): "das leben | ist"
 * with "ist" placed on the note at 94.97 s and sung on the one at 94.62 s, after the note of
 * "leben"; the recogniser gave the line's last word the final held note and left its own note to
 * the gap (or to the word before, overlong). The rule: after the note the word before starts on (the
 * first stretch of `blipSeconds` or more ending `beforeSeconds` or more after its start), a stretch
 * of `noteSeconds` or more that starts after `pauseSeconds` without voice and a 6 dB dip of the
 * stem's energy (`deepestDip`), `earlySeconds` to `reachSeconds` before the last word, and ends
 * before it (a note of its own, not the start of the last word's): the last word starts there,
 * its end kept, and the word before ends there at the latest. `db`: the stem's energy per frame.
 */
import { pauseBefore, type Stretch, type TimedWord } from './line-heads';
import { deepestDip } from './squeezed-words';

export const lastNoteRules = {
  /** The word before's note: the first stretch ending at least this long after its start. */
  beforeSeconds: 0.05,
  /** The last word's own note starts after at least this long without voice... */
  pauseSeconds: 0.05,
  /** ...at least this long before the word's placed start... */
  earlySeconds: 0.2,
  /** ...and at most this long before it, and lasts at least this long (not a blip). */
  reachSeconds: 0.8,
  noteSeconds: 0.1,
  /** The word before's note lasts at least this long (a word placed on a blip has its note later). */
  blipSeconds: 0.15,
};

/** The lines' last words moved back onto their own note; `moved` marks them. */
export function repairLastNotes(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
  db: Float64Array,
): number {
  let count = 0;
  for (let k = 1; k < words.length; k++) {
    const [before, word, next] = [words[k - 1]!, words[k]!, words[k + 1]];
    if (before.line !== word.line || next?.line === word.line) continue;
    const note = ownNote(before, word, stretches);
    if (!note || deepestDip(db, note.start - 0.2, note.start + 0.05) === undefined) continue;
    word.start = note.start;
    before.end = Math.min(before.end, note.start);
    moved[k] = true;
    count++;
  }
  return count;
}

function ownNote(before: TimedWord, word: TimedWord, stretches: readonly Stretch[]) {
  const r = lastNoteRules;
  const held = stretches.findIndex(
    (s) => s.end >= before.start + r.beforeSeconds && s.end - s.start >= r.blipSeconds,
  );
  if (held < 0) return undefined;
  for (let i = held + 1; i < stretches.length; i++) {
    const s = stretches[i]!;
    if (s.start > word.start - r.earlySeconds) return undefined;
    if (s.start < word.start - r.reachSeconds) continue;
    if (pauseBefore(stretches, i) < r.pauseSeconds || s.end - s.start < r.noteSeconds) continue;
    return s.end < word.start ? s : undefined;
  }
  return undefined;
}
