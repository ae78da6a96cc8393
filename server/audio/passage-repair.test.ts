import { describe, expect, it } from 'vitest';
import {
  isVocalise,
  lowerMovedConfidence,
  passageConfidence,
  placeOnNotes,
  repairPassages,
  stemAgrees,
} from './passage-repair';
import { flatEnergy, timedWord as w } from './test-words';

const flat = flatEnergy;

describe('stemAgrees', () => {
  it('trusts a stem whose voice is where the words are, not one voiced everywhere', () => {
    const words = [w(0, 10, 12), w(1, 20, 22)];
    expect(
      stemAgrees(
        words,
        [
          { start: 10, end: 12 },
          { start: 20, end: 22 },
        ],
        40,
      ),
    ).toBe(true);
    expect(stemAgrees(words, [{ start: 0, end: 40 }], 40)).toBe(false);
    expect(stemAgrees(words, [{ start: 30, end: 35 }], 40)).toBe(false);
  });
});

describe('repairPassages: a line pushed off its held note', () => {
  // Line 1 ("I'm") sung as a held note 14-22 s, placed by the search at 28.5 s in a silent stretch,
  // right before line 2.
  const placed = [w(0, 10, 11), w(0, 11, 12), w(1, 28.5, 28.8, 2), w(2, 29, 30), w(2, 30, 31)];
  const held = [
    { start: 10, end: 12 },
    { start: 14, end: 22 },
    { start: 29, end: 31 },
  ];

  it('moves the line onto the wordless voiced phrase after the previous line', () => {
    const out = repairPassages(placed, { db: flat(40), stretches: held, duration: 40 });
    expect(out.trusted).toBe(true);
    expect(out.displacedLines).toBe(1);
    expect(out.words[2]?.start).toBeCloseTo(14, 5);
    expect(out.words[2]?.end).toBeGreaterThan(15);
    expect(out.moved).toEqual([false, false, true, false, false]);
    // The other lines stay where they are.
    expect(out.words.filter((_, k) => k !== 2)).toEqual(placed.filter((_, k) => k !== 2));
  });

  it('leaves it when no clear voiced phrase lies before it', () => {
    const stretches = [
      { start: 10, end: 12 },
      { start: 15, end: 15.3 },
      { start: 29, end: 31 },
    ];
    const out = repairPassages(placed, { db: flat(40), stretches, duration: 40 });
    expect(out.words).toEqual(placed);
    expect(out.moved.every((m) => !m)).toBe(true);
  });

  it('moves nothing when the stem is voiced everywhere (its voicing says nothing)', () => {
    const out = repairPassages(placed, {
      db: flat(40),
      stretches: [{ start: 0, end: 40 }],
      duration: 40,
    });
    expect(out.trusted).toBe(false);
    expect(out.words).toEqual(placed);
  });
});

describe('repairPassages: a squeezed vocalise', () => {
  // "ah ah ah ah" sung on four notes 14-19.5 s, squeezed by the search at the end of its window.
  const notes = [
    { start: 10, end: 12 },
    { start: 14, end: 15 },
    { start: 15.5, end: 16.5 },
    { start: 17, end: 18 },
    { start: 18.5, end: 19.5 },
    { start: 21, end: 23 },
  ];
  const squeezed = [
    w(0, 10, 12),
    w(1, 19.0, 19.1, 1),
    w(1, 19.1, 19.2, 1),
    w(1, 19.2, 19.3, 1),
    w(1, 19.3, 19.4, 1),
    w(2, 21, 23),
  ];
  const texts = ['hello', 'ah', 'ah', 'ah', 'ah', 'world'];

  it('puts one word on each note of the window, in order', () => {
    const out = repairPassages(squeezed, { db: flat(30), stretches: notes, duration: 30, texts });
    expect(out.squeezedLines).toBe(1);
    expect(out.words.slice(1, 5).map((x) => x.start)).toEqual([14, 15.5, 17, 18.5]);
    expect(out.words[1]?.end).toBeCloseTo(15, 5);
    expect(out.moved).toEqual([false, true, true, true, true, false]);
  });

  it('leaves a line of ordinary words at an ordinary pace alone', () => {
    const words = [w(0, 10, 12), w(1, 18.6, 19.0), w(1, 19.0, 19.4), w(2, 21, 23)];
    const out = repairPassages(words, {
      db: flat(30),
      stretches: notes,
      duration: 30,
      texts: ['hello', 'dear', 'friend', 'world'],
    });
    expect(out.words).toEqual(words);
  });
});

describe('placeOnNotes', () => {
  it('prefers clear onsets that make notes of even length', () => {
    const onsets = [1, 1.2, 2, 3].map((time) => ({ time, strength: 3 }));
    expect(placeOnNotes(onsets, 4, 0, 4)).toEqual([0, 1, 2, 3]);
  });

  it('shares the longest voiced notes when there are fewer notes than words', () => {
    const onsets = [{ time: 4, strength: 3 }];
    const starts = placeOnNotes(onsets, 3, 0, 5, (t) => (t < 4 ? 3 : 5));
    expect(starts).toEqual([0, 1.5, 4]);
  });
});

describe('vocalise words and confidence', () => {
  it('knows vocalise syllables in any case, with punctuation', () => {
    expect(['Ooh', 'ah,', 'la', 'Na', 'da', 'mmm', 'Yeah!', 'oh'].every(isVocalise)).toBe(true);
    expect(['love', 'home', 'das', 'alles'].some(isVocalise)).toBe(false);
  });

  it('lowers the confidence of moved words and the unspoken tokens after them', () => {
    const confidence = [0.9, 0.9, 0.9, 0.9];
    // Lyric words 0, 1, 3 are spoken; 2 is a dash after word 1.
    lowerMovedConfidence(confidence, [0, 1, 3], [false, true, false]);
    expect(confidence).toEqual([0.9, passageConfidence, passageConfidence, 0.9]);
  });
});
