import { describe, expect, it } from 'vitest';
import { parseUltraStar } from './ultrastar';

const SONG = `#TITLE:T
#BPM:300
#GAP:1000
: 0 2 5 When
: 4 2 5  it
: 8 2 5  be
: 10 2 5 lieve
: 12 2 5 ~
- 16
: 20 2 5 Bet
: 22 2 5 te
: 24 2 5 ~r
E`;

describe('parseUltraStar', () => {
  it('makes words from syllables, starts from GAP + beats, lines from "-"', () => {
    const beat = 60 / (300 * 4);
    const song = parseUltraStar(SONG);
    expect(song.words.map((w) => [w.line, w.word, w.text])).toEqual([
      [0, 0, 'When'],
      [0, 1, 'it'],
      [0, 2, 'believe'],
      [1, 0, 'Better'],
    ]);
    expect(song.words[1]?.start).toBeCloseTo(1 + 4 * beat, 6);
    expect(song.words[2]?.end).toBeCloseTo(1 + 14 * beat, 6);
    expect(song.lyrics).toBe('When it believe\nBetter');
  });
});
