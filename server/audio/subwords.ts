import hyphen from 'hyphen/en-us';
import type { AlignmentItem } from '../../src/contract';

const SOFT_HYPHEN = '\u00ad';

/**
 * A word's syllables by Liang's hyphenation patterns for US English (the `hyphen` package), a
 * compound also split at its own hyphens (kept on the part before); the parts spell the word.
 */
export function syllablesOf(word: string): string[] {
  return word
    .split(/(?<=[-\u2010])(?=[\p{L}\p{N}])/u)
    .flatMap((part) =>
      hyphen
        .hyphenateSync(part, { hyphenChar: SOFT_HYPHEN, minWordLength: 4 })
        .split(SOFT_HYPHEN)
        .filter(Boolean),
    );
}

const weight = (part: string) => Math.max(1, part.replace(/[^\p{L}\p{N}]/gu, '').length);

/**
 * Sub-words: each word split at its hyphenation points, its time shared out inside the word in
 * proportion to the letters of each syllable (subword 0, 1, ...); one-syllable words stay whole.
 */
export function syllableItems(words: readonly AlignmentItem[]): AlignmentItem[] {
  return words.flatMap((item) => {
    const parts = syllablesOf(item.text);
    if (parts.length < 2) return [{ ...item, subword: 0 }];
    const total = parts.reduce((sum, p) => sum + weight(p), 0);
    let at = item.start;
    return parts.map((text, subword) => {
      const start = at;
      at =
        subword === parts.length - 1
          ? item.end
          : at + ((item.end - item.start) * weight(text)) / total;
      return {
        ...item,
        subword,
        text,
        start: Math.round(start * 1000) / 1000,
        end: Math.round(at * 1000) / 1000,
      };
    });
  });
}
