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
