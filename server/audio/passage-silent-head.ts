/**
 * A line whose first words lie on the stem's silence before its first clear note (issue 22, part
 * 1): the recogniser pulled the head of the line early, onto bits of the band in the break before
 * it, and crammed the rest against the note where the line is really sung (the German "ba da da
 * dam da dam da" at 151 s: its first words 1.8-2.3 s early on blips, the rest squeezed into 0.5 s).
 * When the line's words up to its first word on a clear note (a voiced stretch of `landingSeconds`
 * after a pause) span at least `minHeadSeconds` of near silence (voiced under `headVoicedShare`),
 * the line starts at that note and keeps the length it was placed over (up to the next line): its
 * words go onto the notes there. Otherwise nothing moves. The line-head repair (line-heads.ts)
 * handles the other case, a gap inside the line wider than the pause before it.
 */
import type { Stretch, TimedWord } from './line-heads';
import type { LineSpan } from './passage-overlong';

export const silentHeadRules = {
  /** The head (the line's start to its first clear note) is voiced under this share... */
  headVoicedShare: 0.15,
  /** ...and lasts at least this long. */
  minHeadSeconds: 1,
  /** A clear note: a voiced stretch at least this long... */
  landingSeconds: 0.3,
  /** ...after at least this long without voice. */
  pauseSeconds: 0.25,
  /** A word starting this little before a stretch starts on it. */
  toleranceSeconds: 0.05,
  /** Margin kept before the next line's start. */
  marginSeconds: 0.05,
};

/**
 * Where a line with a silent head belongs: from its first clear note for the length it was placed
 * over (at most to the next line's start). Undefined when its head is not silent, it has no clear
 * note, or none of its words is placed on that note (then the whole line is elsewhere).
 */
export function silentHeadWindow(
  words: readonly TimedWord[],
  line: LineSpan,
  nextStart: number,
  stretches: readonly Stretch[],
  voiced: (from: number, to: number) => number,
): { from: number; to: number } | undefined {
  const r = silentHeadRules;
  if (line.last <= line.first) return undefined;
  const start = words[line.first]!.start;
  const end = words[line.last]!.end;
  let previousEnd = -Infinity;
  const landing = stretches.find((s) => {
    const clear =
      s.start > start + r.toleranceSeconds &&
      s.end - s.start >= r.landingSeconds &&
      s.start - previousEnd >= r.pauseSeconds;
    previousEnd = s.end;
    return clear;
  });
  if (!landing || landing.start >= end) return undefined;
  if (landing.start - start < r.minHeadSeconds) return undefined;
  if (voiced(start, landing.start) >= r.headVoicedShare) return undefined;
  // Some word after the head lies on that note: the line is sung there, its head pulled early.
  let onNote = false;
  for (let k = line.first + 1; k <= line.last; k++) {
    const w = words[k]!;
    if (w.start >= landing.start - r.toleranceSeconds && w.start < landing.end) onNote = true;
  }
  if (!onNote) return undefined;
  const to = Math.min(nextStart - r.marginSeconds, landing.start + (end - start));
  return to > landing.start + r.landingSeconds ? { from: landing.start, to } : undefined;
}
