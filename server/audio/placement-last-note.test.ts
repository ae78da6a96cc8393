import { describe, expect, it } from 'vitest';
import { repairLastNotes } from './placement-last-note';
import { notesEnergy as energy, timedWord as w } from './test-words';

describe("repairLastNotes: a line's last word placed on a later note than its own", () => {
  // "das leben | ist": "leben" on its note from 94.09 s (two syllables, 94.09 and 94.33), "ist"
  // placed at 94.97 s on the line's final note and sung on its own note at 94.62 s.
  const line = () => [w(0, 93.69, 94.04), w(0, 94.05, 94.49), w(0, 94.97, 95.36, 2), w(1, 97, 98)];
  const stem = [
    { start: 94.09, end: 94.3 },
    { start: 94.33, end: 94.45 },
    { start: 94.62, end: 94.85 },
    { start: 94.97, end: 95.2 },
    { start: 97, end: 98 },
  ];

  it('starts it on its own note after the pause; its end stays', () => {
    const words = line();
    const moved = words.map(() => false);
    expect(repairLastNotes(words, moved, stem, energy(100, stem))).toBe(1);
    expect(words[2]).toMatchObject({ start: 94.62, end: 95.36 });
    expect(words[1]!.end).toBe(94.49);
    expect(moved).toEqual([false, false, true, false]);
  });

  it('leaves it when no real dip comes before that note (the threshold cut a steady note)', () => {
    expect(repairLastNotes(line(), [], stem, energy(100, stem, -17))).toBe(0);
  });

  it("leaves it when the note runs on into the word's placed start (its start, not a note)", () => {
    const joined = [stem[0]!, stem[1]!, { start: 94.62, end: 95.2 }, stem[4]!];
    expect(repairLastNotes(line(), [], joined, energy(100, joined))).toBe(0);
  });

  it('leaves words that do not end their line, and notes that are blips', () => {
    const inner = line();
    inner[3] = w(0, 97, 98);
    expect(repairLastNotes(inner, [], stem, energy(100, stem))).toBe(0);
    expect(inner[2]).toEqual(line()[2]);
    const blip = [stem[0]!, stem[1]!, { start: 94.62, end: 94.68 }, stem[3]!, stem[4]!];
    expect(repairLastNotes(line(), [], blip, energy(100, blip))).toBe(0);
  });
});
