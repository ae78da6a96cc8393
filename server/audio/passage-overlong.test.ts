import { describe, expect, it } from 'vitest';
import { isHeldVowel, overlongWindow, singingRate } from './passage-overlong';
import { repairPassages } from './passage-repair';
import { voicedShare } from './voicing';

import { timedWord, flatEnergy, steadyLines, steadyNotes } from './test-words';

/** A placed word of two phones unless said. */
const w = (line: number, start: number, end: number, phones = 2) =>
  timedWord(line, start, end, phones);
const flat = flatEnergy;

// Four lines sung at 0.1 s a phone (2 s for 20 phones), then a line of six two-phone syllables
// ("ba da da da da da": 1.2 s at that rate) the search spread over 9 s, sung on the notes at 36-38 s.
const steady = steadyLines();
const spread = [32, 33.5, 36.2, 38, 38.2, 41].map((t) => w(4, t, t + 0.15));
const next = [w(5, 45, 46, 10), w(5, 46, 47, 10)];
const placed = [...steady, ...spread, ...next];
const sung = [
  ...steadyNotes(),
  { start: 32.4, end: 32.5 },
  { start: 36, end: 36.4 },
  { start: 36.5, end: 37 },
  { start: 37.2, end: 37.9 },
  { start: 41.3, end: 41.4 },
  { start: 45, end: 47 },
];
const texts = [...steady.map(() => 'word'), 'ba', 'da', 'da', 'da', 'da', 'da', 'word', 'word'];

describe('singingRate', () => {
  it('is the median seconds per phone of the lines', () => {
    const lines = [0, 2, 4, 6, 8, 14].map((first, i) => ({
      first,
      last: i === 4 ? 13 : first + 1,
    }));
    expect(singingRate(placed, lines)).toBeCloseTo(0.1, 5);
  });

  it('says nothing with fewer than three lines of several words', () => {
    expect(singingRate(placed, [{ first: 0, last: 1 }])).toBeNaN();
  });
});

describe('overlongWindow', () => {
  const voiced = voicedShare(sung);
  const line = { first: 8, last: 13 };

  it('finds the voiced notes inside a line far longer than it needs', () => {
    const window = overlongWindow(placed, line, 0.1, sung, voiced, texts);
    expect(window?.from).toBeCloseTo(36, 5);
    expect(window?.to).toBeLessThanOrEqual(38.5);
    expect(window?.to).toBeGreaterThan(37.5);
  });

  it('leaves a line of held vowels (a note each, as long as the song likes)', () => {
    const held = texts.map((t, k) => (k >= 8 && k <= 13 ? 'ooh' : t));
    expect(overlongWindow(placed, line, 0.1, sung, voiced, held)).toBeUndefined();
    expect(isHeldVowel('Ooh,')).toBe(true);
    expect(isHeldVowel('da')).toBe(false);
  });

  it('leaves a line whose span holds voice evenly (no clearly sung part)', () => {
    const even = [{ start: 30, end: 43 }];
    expect(overlongWindow(placed, line, 0.1, even, voicedShare(even), texts)).toBeUndefined();
  });

  it('leaves a line about as long as it needs', () => {
    expect(overlongWindow(placed, line, 1, sung, voiced, texts)).toBeUndefined();
  });
});

describe('repairPassages: an overlong line', () => {
  it('puts its words on the notes inside its span and leaves the other lines', () => {
    const out = repairPassages(placed, { db: flat(50), stretches: sung, duration: 50, texts });
    expect(out.overlongLines).toBe(1);
    const starts = out.words.slice(8, 14).map((x) => x.start);
    expect(starts[0]).toBeCloseTo(36, 5);
    expect(Math.max(...starts)).toBeLessThan(38);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(out.moved.slice(8, 14).every(Boolean)).toBe(true);
    expect(out.words.slice(0, 8)).toEqual(placed.slice(0, 8));
    expect(out.words.slice(14)).toEqual(placed.slice(14));
  });
});

describe('repairPassages: a line far shorter than its phones need', () => {
  it('spreads it over the voiced notes after it', () => {
    // A 20-phone line (2 s at the song's 0.1 s a phone) crammed into 0.8 s at 20 s, its notes
    // sung on until 23 s, the next line at 30 s.
    const words = [
      ...steady,
      w(4, 20, 20.2, 4),
      w(4, 20.2, 20.4, 4),
      w(4, 20.4, 20.6, 6),
      w(4, 20.6, 20.8, 6),
      w(5, 30, 31, 10),
      w(5, 31, 32, 10),
    ];
    const stretches = [
      ...steadyNotes(),
      { start: 20, end: 20.5 },
      { start: 20.7, end: 21.2 },
      { start: 21.4, end: 21.8 },
      { start: 21.9, end: 23 },
      { start: 30, end: 32 },
    ];
    const out = repairPassages(words, { db: flat(40), stretches, duration: 40 });
    expect(out.squeezedLines).toBe(1);
    const starts = out.words.slice(8, 12).map((x) => x.start);
    expect(starts).toEqual([20, 20.7, 21.4, 21.9]);
    expect(out.words.slice(12)).toEqual(words.slice(12));
  });
});

describe('repairPassages: held vowels no repair could time', () => {
  it('flags a line of held vowels for a lower confidence even where nothing moves', () => {
    const words = [...steady, w(4, 30, 30.9, 2), w(4, 31, 31.9, 2)];
    const held = [...steady.map(() => 'word'), 'ooh', 'Ooh!'];
    const stretches = [0, 5, 10, 15, 30].map((t) => ({ start: t, end: t + 2 }));
    const out = repairPassages(words, { db: flat(40), stretches, duration: 40, texts: held });
    expect(out.words).toEqual(words);
    expect(out.moved).toEqual([...steady.map(() => false), true, true]);
    const plain = repairPassages(words, {
      db: flat(40),
      stretches,
      duration: 40,
      texts: held.map(() => 'word'),
    });
    expect(plain.moved.every((m) => !m)).toBe(true);
  });
});
