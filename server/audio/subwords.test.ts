import { describe, expect, it } from 'vitest';
import { syllableItems, syllablesOf } from './subwords';

describe('syllableItems', () => {
  it('splits words at hyphenation points and shares the time out inside the word', () => {
    expect(syllablesOf('believe')).toEqual(['be', 'lieve']);
    const items = syllableItems([
      { line: 0, word: 0, subword: 0, start: 1, end: 1.7, text: 'believe' },
      { line: 0, word: 1, subword: 0, start: 2, end: 2.3, text: 'it' },
    ]);
    expect(items.map((i) => [i.word, i.subword, i.text, i.start, i.end])).toEqual([
      [0, 0, 'be', 1, 1.2],
      [0, 1, 'lieve', 1.2, 1.7],
      [1, 0, 'it', 2, 2.3],
    ]);
  });

  it('splits a compound at its hyphens too, and the parts spell the word', () => {
    expect(syllablesOf('monkey-shines')).toEqual(['mon', 'key-', 'shines']);
    for (const word of ['lifetime?', "he'll", '—', 'Hello,', 'wherever']) {
      expect(syllablesOf(word).join('')).toBe(word);
    }
  });
});
