/**
 * A line's last words pulled into the held note before them (issue 22, sync-es3): "se al~~~ de la
 * belleza", with "al" held for two seconds, was placed with "de la" squeezed into the end of the held
 * vowel and "belleza" ending 0.3-0.6 s before the line's voice does; "som~~bra de un mago" with "de un
 * ma-" inside the held "som" and the line's last note (1 s) left unused. The recogniser cut the held note
 * short and gave its tail to the short words after it; the stem shows the consonant that begins them
 * as a dip in the held note's level, later.
 *
 * The rule: a word held for `heldSeconds` or more, then a word not held (under `shortSeconds`) running
 * on from it and starting inside the held note's own voiced stretch (one that began at least
 * `insideSeconds` before the held word's end), and the words running on after it to the line's end.
 * When the stem's energy has a clear dip (`deepestDip`) within `reachSeconds` after the short word's
 * start, the run moves later so that it starts where the sound rises after that dip, and the held
 * word takes the time; only when the voice after the run's end is left unused for that long (voiced
 * `endVoicedShare` or more of it: the line's last note was cut short too) and the next line is not
 * reached. Otherwise nothing moves.
 */
import { stretchAt, type Stretch, type TimedWord } from './line-heads';
import { deepestDip } from './squeezed-words';
import { voicedShare } from './voicing';

export const heldRunRules = {
  /** The held word lasts at least this long... */
  heldSeconds: 0.7,
  /** ...the word after it, running on (gap at most `runOnSeconds`), not held: under this long... */
  shortSeconds: 0.4,
  runOnSeconds: 0.03,
  /** ...inside a voiced stretch that began at least this long before the held word's end. */
  insideSeconds: 0.3,
  /** The dip that begins the run lies within this after the short word's start. */
  reachSeconds: 1,
  /** The voice after the run's end covers at least this share of the shift. */
  endVoicedShare: 0.7,
};

/** The runs moved later onto the dip after the held note; `moved` marks their words. */
export function repairPulledRuns(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
  db: Float64Array,
): number {
  const r = heldRunRules;
  const share = voicedShare(stretches);
  let count = 0;
  for (let k = 1; k < words.length; k++) {
    const [held, first] = [words[k - 1]!, words[k]!];
    if (!startsPulledRun(held, first, stretches)) continue;
    const last = runEnd(words, k);
    const lastWord = words[last]!;
    const next = words[last + 1];
    if (next && next.line === first.line) continue; // the run must end the line
    const onset = deepestDip(db, first.start + 0.02, first.start + r.reachSeconds);
    if (onset === undefined || onset <= first.start) continue;
    const shift = Math.min(onset - first.start, (next?.start ?? Infinity) - lastWord.end);
    if (shift <= 0 || share(lastWord.end, lastWord.end + shift) < r.endVoicedShare) continue;
    for (let m = k; m <= last; m++) {
      words[m]!.start += shift;
      words[m]!.end += shift;
      moved[m] = true;
    }
    held.end += shift;
    count++;
    k = last;
  }
  return count;
}

/** A held word, then a short word running on from it inside the held note's own stretch. */
function startsPulledRun(
  held: TimedWord,
  first: TimedWord,
  stretches: readonly Stretch[],
): boolean {
  const r = heldRunRules;
  if (held.line !== first.line || first.start - held.end > r.runOnSeconds) return false;
  if (held.end - held.start < r.heldSeconds || first.end - first.start >= r.shortSeconds)
    return false;
  const note = stretches[stretchAt(stretches, first.start)];
  return !!note && note.start <= held.end - r.insideSeconds;
}

/** The last word of the run of words running on from word `k` inside its line. */
function runEnd(words: readonly TimedWord[], k: number): number {
  let last = k;
  while (
    last + 1 < words.length &&
    words[last + 1]!.line === words[k]!.line &&
    words[last + 1]!.start - words[last]!.end <= heldRunRules.runOnSeconds
  )
    last++;
  return last;
}
