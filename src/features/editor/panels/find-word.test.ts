import { describe, expect, it } from 'vitest';
import { createDoc } from '../../../timing';
import { findWord, foldText } from './find-word';
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
