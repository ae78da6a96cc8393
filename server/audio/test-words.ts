import type { TimedWord } from './line-heads';

/** Test helper: a placed word of `line` from `start` to `end` s, `phones` phones long. */
export const timedWord = (line: number, start: number, end: number, phones = 3): TimedWord => ({
  line,
  start,
  end,
  phones,
});

/** Test helper: a line of `count` words of 3 phones, sung from `start` at `seconds` a word (gapless). */
export function lineOfWords(
  index: number,
  start: number,
  count: number,
  seconds: number,
): TimedWord[] {
  return Array.from({ length: count }, (_, k) =>
    timedWord(index, start + k * seconds, start + (k + 1) * seconds),
  );
}
