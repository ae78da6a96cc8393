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

describe("repairHeadsBeforeNote: a line's first word on a blip before its own note", () => {
  // The demo's "The evening": "The" placed on a plucked blip (27.99-28.08 s), sung on its own
  // note 28.82-29.06 s, "evening" from 29.09 s on the next one.
  const lines = () => [w(0, 24, 25), w(1, 28.07, 28.14, 2), w(1, 29.09, 29.41, 5)];
  const blips = [26.79, 27.06, 27.38, 27.62, 27.99, 28.26, 28.58].map((s) => ({
    start: s,
    end: s + 0.09,
  }));
  const stem = [{ start: 24, end: 25 }, ...blips, { start: 28.82, end: 29.06 }];
  stem.push({ start: 29.09, end: 29.28 });

  it('starts it on that note, up to the second word', () => {
    const words = lines();
    const moved = words.map(() => false);
    expect(repairHeadsBeforeNote(words, moved, stem)).toBe(1);
    expect(words[1]).toMatchObject({ start: 28.82, end: 29.09 });
    expect(words[2]).toEqual(lines()[2]);
    expect(moved).toEqual([false, true, false]);
  });

  it('leaves a head that starts a stretch of its own, or lies on one longer than a blip', () => {
    const starts = lines();
    starts[1] = w(1, 27.99, 28.14, 2);
    expect(repairHeadsBeforeNote(starts, [], stem)).toBe(0);
    const longer = stem.map((s) => (s.start === 27.99 ? { start: 27.95, end: 28.2 } : s));
    expect(repairHeadsBeforeNote(lines(), [], longer)).toBe(0);
  });
});
