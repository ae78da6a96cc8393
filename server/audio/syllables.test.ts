import { describe, expect, it } from 'vitest';
import { estimateSyllables } from './syllables';

describe('estimateSyllables', () => {
  it.each([
    ['the', 1],
    ['morning', 2],
    ['light', 1],
    ['falling', 2],
    ['quiet', 2],
    ['every', 3],
    ['little', 2],
    ['story', 2],
    ['place', 1],
    ['melody', 3],
    ['tomorrow', 3],
    ['beneath', 2],
    ['walked', 1],
    ['wanted', 2],
    ['boxes', 2],
    ['homes', 1],
    ['Radio,', 3],
    ["don't", 1],
    ['42', 2],
    ['—', 0.5],
  ])('%s has %d', (word, count) => {
    expect(estimateSyllables(word)).toBe(count);
  });
});
