import { describe, expect, it } from 'vitest';
import { createDoc } from '../../../timing';
import { findAndDescribe, findWord, foldText } from './find-word';
import { buildRowIndex } from './row-index';
import { word } from './test-utils';

// Rows: 0 header, 1 la, 2 la, 3 love, 4 header, 5 Love, 6 glove
const index = buildRowIndex(
  createDoc([
    word(0, 0, 1, 1.5, 'la'),
    word(0, 1, 1.5, 2, 'la'),
    word(0, 2, 2, 2.6, 'love'),
    word(1, 0, 4, 4.5, 'Love'),
    word(1, 1, 4.5, 5, 'glöve'),
  ]),
);

describe('findWord', () => {
  it('finds the next word containing the text after a row, case- and accent-blind, wrapping', () => {
    expect(findWord(index, 'love', 0)).toEqual({ row: 3, match: 1, total: 3 });
    expect(findWord(index, 'LOVE', 3)).toEqual({ row: 5, match: 2, total: 3 });
    expect(findWord(index, 'love', 5)).toEqual({ row: 6, match: 3, total: 3 }); // glöve
    expect(findWord(index, 'love', 6)).toEqual({ row: 3, match: 1, total: 3 }); // wraps
  });

  it('goes backwards with direction -1, wrapping at the top', () => {
    expect(findWord(index, 'la', 2, -1)).toEqual({ row: 1, match: 1, total: 2 });
    expect(findWord(index, 'la', 1, -1)).toEqual({ row: 2, match: 2, total: 2 });
  });

  it('finds nothing for an empty or unknown text', () => {
    expect(findWord(index, '  ', 0)).toBeNull();
    expect(findWord(index, 'hate', 0)).toBeNull();
  });

  it('folds case and accents', () => {
    expect(foldText('Éclair GLÖVE')).toBe('eclair glove');
  });
});

describe('findWord in translations (ADR 0017)', () => {
  // Rows: 0 header (line translation "Hallo Welt"), 1 東京 (reading tōkyō), 2 へ (reading e)
  const translated = buildRowIndex(
    createDoc([
      {
        ...word(0, 0, 1, 1.5, '東京'),
        translations: { de: { text: 'Hallo Welt' }, 'ja-Latn': { text: 'tōkyō' } },
      },
      { ...word(0, 1, 1.5, 2, 'へ'), translations: { 'ja-Latn': { text: 'e' } } },
    ]),
  );
  it("a line's translation finds its line row; a word's reading finds its word row", () => {
    expect(findWord(translated, 'welt', 2)).toEqual({ row: 0, match: 1, total: 1 });
    // The first word's reading sits on the line's first item: found through the line row.
    expect(findWord(translated, 'tokyo', 2)).toEqual({ row: 0, match: 1, total: 1 });
    expect(findWord(translated, 'e', 0)?.row).toBe(2);
  });
});

describe('findAndDescribe', () => {
  const time = (t: number) => `${t}s`;

  it('says the word, its times, its line and which match it is', () => {
    expect(findAndDescribe(index, 'love', 0, 1, time)).toMatchObject({
      row: 3,
      item: { text: 'love' },
      message: 'love, 2s to 2.6s, line 1: match 1 of 3.',
    });
  });

  it('says when no word contains the text, and nothing for an empty query', () => {
    expect(findAndDescribe(index, ' xyz ', 0, 1, time)).toEqual({
      row: null,
      message: 'No word contains “xyz”.',
    });
    expect(findAndDescribe(index, '  ', 0, 1, time)).toEqual({ row: null, message: '' });
  });
});
