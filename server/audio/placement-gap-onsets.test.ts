import { describe, expect, it } from 'vitest';
import { repairGapOnsets } from './placement-gap-onsets';
import { timedWord as w } from './test-words';

describe('repairGapOnsets: a word late inside the note that begins in a pause of its line', () => {
  // "es~ muy extraña": "es" 37.0-37.25 s, "muy" placed 37.78 s, its note sung from 37.33 s.
  const line = () => [w(0, 36.5, 36.99, 4), w(0, 37.0, 37.25, 2), w(0, 37.78, 38.06, 2)];

  it('moves its start back to where the note begins, its end kept', () => {
    const words = line();
    const moved = words.map(() => false);
    const stem = [
      { start: 36.5, end: 37.15 },
      { start: 37.33, end: 38.2 },
    ];
    expect(repairGapOnsets(words, moved, stem)).toBe(1);
    expect(words[2]).toEqual({ ...line()[2]!, start: 37.33 });
    expect(moved).toEqual([false, false, true]);
  });

  it('leaves it when the note runs on from the word before, or ends before the word', () => {
    const joined = [{ start: 36.5, end: 38.2 }];
    expect(repairGapOnsets(line(), [], joined)).toBe(0);
    const before = [
      { start: 36.5, end: 37.15 },
      { start: 37.33, end: 37.6 },
      { start: 37.8, end: 38.2 },
    ];
    expect(repairGapOnsets(line(), [], before)).toBe(0);
  });

  it('leaves a gap between lines, and a note starting right at the word', () => {
    const nextLine = line();
    nextLine[2]!.line = 1;
    const stem = [
      { start: 36.5, end: 37.15 },
      { start: 37.33, end: 38.2 },
    ];
    expect(repairGapOnsets(nextLine, [], stem)).toBe(0);
    const close = [
      { start: 36.5, end: 37.15 },
      { start: 37.72, end: 38.2 },
    ];
    expect(repairGapOnsets(line(), [], close)).toBe(0);
  });
});

describe("repairGapOnsets: a line's first word late inside its phrase", () => {
  // "run, / yeah well I should": the line before ends at 146.6 s; "yeah" placed 148.85 s inside the
  // note sung from 148.03 s (after 0.3 s without voice).
  const lines = () => [w(0, 145.95, 146.6, 3), w(1, 148.85, 149.34, 2), w(1, 149.35, 149.56, 3)];
  const stem = [
    { start: 145.92, end: 147.15 },
    { start: 147.57, end: 147.72 },
    { start: 148.03, end: 149.52 },
  ];

  it('starts it where its note begins', () => {
    const words = lines();
    const moved = words.map(() => false);
    expect(repairGapOnsets(words, moved, stem)).toBe(1);
    expect(words[1]).toEqual({ ...lines()[1]!, start: 148.03 });
    expect(moved).toEqual([false, true, false]);
  });

  it('leaves it when the note follows a short pause, began long before, or holds the line before', () => {
    const shortPause = [stem[0]!, { start: 147.57, end: 147.9 }, { start: 148.03, end: 149.52 }];
    expect(repairGapOnsets(lines(), [], shortPause)).toBe(0);
    const early = [stem[0]!, { start: 147.2, end: 149.52 }];
    expect(repairGapOnsets(lines(), [], early)).toBe(0);
    const before = lines();
    before[0] = w(0, 147.9, 148.2, 3);
    expect(repairGapOnsets(before, [], stem)).toBe(0);
  });

  it('leaves a first word that starts its note', () => {
    const words = lines();
    words[1]!.start = 148.2;
    expect(repairGapOnsets(words, [], stem)).toBe(0);
  });
});
