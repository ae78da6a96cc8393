import type { Stretch, TimedWord } from './line-heads';
import { FRAME_SECONDS } from './voicing';

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

/** Test helper: a flat stem energy (no dips) for `seconds`, 10 ms frames. */
export const flatEnergy = (seconds: number) =>
  new Float64Array(Math.round(seconds * 100)).fill(-20);

/** Test helper: a stem energy of `seconds`: `low` dB, with -15 dB over each of `notes` (seconds). */
export function notesEnergy(seconds: number, notes: readonly Stretch[], low = -60): Float64Array {
  const db = new Float64Array(Math.round(seconds / FRAME_SECONDS)).fill(low);
  for (const n of notes)
    for (let f = Math.round(n.start / FRAME_SECONDS); f < Math.round(n.end / FRAME_SECONDS); f++)
      db[f] = -15;
  return db;
}

/** Test helper: four lines of two ten-phone words, sung where placed, at 0, 5, 10 and 15 s. */
export const steadyLines = (): TimedWord[] =>
  [0, 5, 10, 15].flatMap((t, line) => [
    timedWord(line, t, t + 1, 10),
    timedWord(line, t + 1, t + 2, 10),
  ]);

/** Test helper: the notes of `steadyLines`. */
export const steadyNotes = () => [0, 5, 10, 15].map((t) => ({ start: t, end: t + 2 }));
