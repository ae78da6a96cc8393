import type { TimedWord } from './line-heads';
import { lineSpans, type Voiced } from './dense-lines';
import { lineVoicing } from './search-gaps';

/**
 * Short lines the search placed late after a long wordless gap (issue 22): a line of one or two
 * words ("Come a-long", a call between verses) is too short for the pace checks of the crammed and
 * held-head searches, and searched again alone the model does not find it either. The garbage loop
 * takes its notes right after the line before, and the line is placed on the synth before the next
 * one. The stem tells: where it is placed is voiced less than the song's own lines are (median,
 * `lineVoicing`), and right after the line before it is voiced at least that much.
 */
export const shortLineRules = {
  /** Lines of fewer words than this (the dense-line searches' `minWords`). */
  maxWords: 2,
  /** The wordless gap before the line is at least this long (seconds). */
  minGap: 1.5,
  /** The placed span is voiced under this share of the song's median line... */
  placedShare: 1,
  /**
   * ...and the same span from the first voice after the line before at least this share of it
   * (or all of it): clearly more than a typical line (the English acoustic song's two-word L39,
   * 3.9 s early, reads 0.95 of its median there and would move further early at 0.8).
   */
  movedShare: 1.2,
};

/**
 * Moves each such line (all its words by one shift) to start with the first voiced stretch of the
 * stem after the line before's end. Marks the words it moves in `moved`.
 */
export function repairShortLines(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly { start: number; end: number }[],
  voiced: Voiced,
): number {
  const typical = lineVoicing(words, voiced);
  const spans = lineSpans(words);
  let lines = 0;
  spans.forEach((s, i) => {
    const before = spans[i - 1];
    if (!before || s.last - s.first + 1 > shortLineRules.maxWords) return;
    if (s.start - before.end < shortLineRules.minGap) return;
    if (voiced(s.start, s.end) >= shortLineRules.placedShare * typical) return;
    const voice = stretches.find((r) => r.end > before.end);
    if (!voice || voice.start >= s.start) return;
    const at = Math.max(before.end, voice.start);
    const needed = Math.min(1, shortLineRules.movedShare * typical);
    if (voiced(at, at + s.end - s.start) < needed) return;
    for (let k = s.first; k <= s.last; k++) {
      const w = words[k];
      if (!w) continue;
      w.start += at - s.start;
      w.end += at - s.start;
      moved[k] = true;
    }
    lines++;
  });
  return lines;
}
