import type { TimedWord } from './line-heads';

/** Test helper: a placed word of `line` from `start` to `end` s, `phones` phones long. */
export const timedWord = (line: number, start: number, end: number, phones = 3): TimedWord => ({
  line,
  start,
  end,
  phones,
});
