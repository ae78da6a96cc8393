import type { AlignmentItem } from '../contract';

/** Test and bench helper: a word at line/word (subword 0 unless given). */
export function word(
  line: number,
  w: number,
  start: number,
  end: number,
  text = `w${line}.${w}`,
  extra: Partial<AlignmentItem> = {},
): AlignmentItem {
  return { line, word: w, subword: 0, start, end, text, ...extra };
}

/** `count` words of 0.4 s with 0.1 s gaps, 8 words per line. */
export function song(count: number, withIds = false): AlignmentItem[] {
  return Array.from({ length: count }, (_, i) =>
    word(Math.floor(i / 8), i % 8, i * 0.5, i * 0.5 + 0.4, `w${i}`, withIds ? { id: `i${i}` } : {}),
  );
}

/** Two lines, "hel|lo world" / "good night moon" (ids a to f; "hello" of two sub-words). */
export function helloGoodNight(): AlignmentItem[] {
  return [
    word(0, 0, 1, 1.2, 'hel', { id: 'a' }),
    word(0, 0, 1.2, 1.5, 'lo', { id: 'b', subword: 1 }),
    word(0, 1, 1.6, 2, 'world', { id: 'c' }),
    word(1, 0, 3, 3.4, 'good', { id: 'd' }),
    word(1, 1, 3.5, 4, 'night', { id: 'e' }),
    word(1, 2, 4.1, 4.5, 'moon', { id: 'f' }),
  ];
}
