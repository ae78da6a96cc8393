/**
 * A line far longer than its sounds need (issue 22, part 1): the recogniser spread its words over
 * an instrumental stretch around where it is sung (a busy stem, a vocalise of short syllables). The
 * song's own singing rate is the median seconds per phone over its lines as placed (most lines are
 * right); a line whose span is `overlongFactor` times what its phones need at that rate, and at
 * least `overlongExtraSeconds` longer, is overlong. Its words then go onto the most voiced stretch
 * of its own span that is about as long as the line needs (`windowFactor` times), when that stretch
 * holds clearly more voice than the rest of the span; otherwise nothing moves. Lines of held vowels
 * (ooh, ah, oh, mm: a note each, as long as the song likes) are never overlong.
 */
import type { Stretch, TimedWord } from './line-heads';

export const overlongRules = {
  /** A line is overlong at this many times the span its phones need at the song's rate... */
  overlongFactor: 4,
  /** ...and at least this many seconds longer than that. */
  overlongExtraSeconds: 3,
  /** Lines counted for the song's rate: at least this many words. */
  rateMinWords: 2,
  /** The stretch searched for: this many times the span the line needs... */
  windowFactor: 2,
  /** ...holding at least this much voice... */
  minVoicedSeconds: 0.4,
  /** ...at least this many times as densely voiced as the rest of the line's span. */
  densityFactor: 2,
  /** Step of the search, seconds. */
  stepSeconds: 0.05,
};

/** Held-vowel syllables: a vocalise line of these holds each note as long as the song likes. */
const HELD = /^(o+h*|a+h*|u+h*|e+h*|mm+|hm+|uh+|ay+|woah?|whoa|wo+)$/i;

export function isHeldVowel(text: string): boolean {
  return HELD.test(text.replace(/[^\p{L}]/gu, ''));
}

export interface LineSpan {
  first: number;
  last: number;
}

const phonesOf = (words: readonly TimedWord[], line: LineSpan) => {
  let phones = 0;
  for (let k = line.first; k <= line.last; k++) phones += Math.max(1, words[k]!.phones);
  return phones;
};

/**
 * The song's singing rate: the median seconds per phone over its lines of `minWords` words or more
 * (NaN from fewer than `minLines` such lines).
 */
export function singingRate(
  words: readonly TimedWord[],
  lines: readonly LineSpan[],
  { minWords = overlongRules.rateMinWords, minLines = 3 } = {},
): number {
  const rates = lines
    .filter((l) => l.last - l.first + 1 >= minWords)
    .map((l) => (words[l.last]!.end - words[l.first]!.start) / phonesOf(words, l))
    .filter((r) => r > 0)
    .sort((a, b) => a - b);
  return rates.length >= minLines ? rates[rates.length >> 1]! : NaN;
}

/**
 * Where an overlong line's words belong: the most voiced stretch of its span as long as
 * `windowFactor` times what it needs, trimmed to the voice in it. Undefined when the line is not
 * overlong, is a held-vowel line, or no stretch is clearly more voiced than the rest.
 */
export function overlongWindow(
  words: readonly TimedWord[],
  line: LineSpan,
  rate: number,
  stretches: readonly Stretch[],
  voiced: (from: number, to: number) => number,
  texts?: readonly string[],
): { from: number; to: number } | undefined {
  const r = overlongRules;
  if (!(rate > 0)) return undefined;
  const start = words[line.first]!.start;
  const end = words[line.last]!.end;
  const need = phonesOf(words, line) * rate;
  if (end - start < Math.max(r.overlongFactor * need, need + r.overlongExtraSeconds))
    return undefined;
  let held = 0;
  for (let k = line.first; k <= line.last; k++) if (isHeldVowel(texts?.[k] ?? '')) held++;
  if (texts && 2 * held >= line.last - line.first + 1) return undefined;
  const length = r.windowFactor * need;
  let best = { from: start, seconds: -1 };
  for (let from = start; from + length <= end + 1e-9; from += r.stepSeconds) {
    const seconds = voiced(from, from + length) * length;
    if (seconds > best.seconds + 1e-6) best = { from, seconds };
  }
  const rest = (end - start) * voiced(start, end) - best.seconds;
  const restDensity = rest / Math.max(1e-6, end - start - length);
  if (best.seconds < r.minVoicedSeconds || best.seconds / length < r.densityFactor * restDensity)
    return undefined;
  // Trimmed to the voice inside the stretch.
  const inside = stretches.filter((s) => s.end > best.from && s.start < best.from + length);
  const from = Math.max(best.from, inside[0]?.start ?? best.from);
  const to = Math.min(best.from + length, inside[inside.length - 1]?.end ?? best.from + length);
  return to > from ? { from, to } : undefined;
}
