import { describe, expect, it } from 'vitest';
import { repairHeadsBeforeNote } from './placement-head-note';
import { timedWord as w } from './test-words';

describe("repairHeadsBeforeNote: a line's first word placed before its note", () => {
  // "... verän- / wir leben": the line before ends at 80.86 s; "wir" placed on a blip (81.98-82.21
  // s), "leben" at the start of the note (82.53 s) where "wir" is sung.
  const lines = () => [w(0, 80.45, 80.86, 5), w(1, 81.91, 82.07, 3), w(1, 82.57, 83.47, 5)];
  const stem = [
    { start: 80.72, end: 81.16 },
    { start: 81.98, end: 82.21 },
    { start: 82.53, end: 83.45 },
  ];

  it('starts it with the note and the second word after its nominal length', () => {
    const words = lines();
    const moved = words.map(() => false);
    expect(repairHeadsBeforeNote(words, moved, stem)).toBe(1);
    expect(words[1]!.start).toBe(82.53);
    expect(words[1]!.end).toBeCloseTo(82.74, 2);
    expect(words[2]!.start).toBeCloseTo(82.74, 2);
    expect(words[2]!.end).toBe(83.47);
    expect(moved).toEqual([false, true, true]);
  });

  it('leaves a head that lies on a note of its own', () => {
    const onNote = [stem[0]!, { start: 81.9, end: 82.25 }, stem[2]!];
    expect(repairHeadsBeforeNote(lines(), [], onNote)).toBe(0);
  });

  it('leaves it when the note follows a short pause, or is too far ahead', () => {
    const shortPause = [stem[0]!, { start: 81.98, end: 82.4 }, stem[2]!];
    expect(repairHeadsBeforeNote(lines(), [], shortPause)).toBe(0);
    const far = lines();
    far[1] = w(1, 81.3, 81.45, 3);
    expect(repairHeadsBeforeNote(far, [], stem)).toBe(0);
  });

  it('leaves a line whose second word is not at a note', () => {
    const words = lines();
    words[2]!.start = 82.9;
    expect(
      repairHeadsBeforeNote(words, [], [stem[0]!, stem[1]!, { start: 82.53, end: 82.7 }]),
    ).toBe(0);
  });
});
