import { describe, expect, it } from 'vitest';
import { repairTailNotes } from './placement-tail-note';
import { notesEnergy as energy, timedWord as w } from './test-words';

describe('repairTailNotes: a short word squeezed onto the tail of the held note before it', () => {
  // "be~~ my feet": "be" held 91.48-92.15 s, "my" placed at 91.97-92.03 and sung on the short
  // note at 92.28-92.57 s, "feet" from 92.78.
  const line = () => [w(0, 91.1, 91.39), w(0, 91.48, 91.96, 2), w(0, 91.97, 92.03, 2)];
  const withFeet = () => [...line(), w(0, 92.78, 93.41, 3)];
  const stem = [
    { start: 91.48, end: 92.15 },
    { start: 92.28, end: 92.57 },
    { start: 92.78, end: 93.41 },
  ];

  it('moves it onto its own note after the pause; the held word keeps the time it left', () => {
    const words = withFeet();
    const moved = words.map(() => false);
    expect(repairTailNotes(words, moved, stem, energy(95, stem))).toBe(1);
    expect(words[2]).toMatchObject({ start: 92.28, end: 92.57 });
    expect(words[1]!.end).toBe(92.03);
    expect(words[3]).toEqual(withFeet()[3]);
    expect(moved).toEqual([false, false, true, false]);
  });

  it('leaves it when the pause is the voicing threshold cutting a steady note (no dip)', () => {
    const words = withFeet();
    expect(repairTailNotes(words, [], stem, energy(95, stem, -17))).toBe(0);
    expect(words).toEqual(withFeet());
  });

  it("leaves it when the note after it runs on into the next word's (its start, not a note)", () => {
    const joined = [stem[0]!, { start: 92.28, end: 92.75 }, stem[2]!];
    expect(repairTailNotes(withFeet(), [], joined, energy(95, joined))).toBe(0);
  });

  it('leaves a word that is not squeezed, or that starts a note of its own', () => {
    const long = withFeet();
    long[2] = w(0, 91.9, 92.1, 2);
    expect(repairTailNotes(long, [], stem, energy(95, stem))).toBe(0);
    const own = [{ start: 91.48, end: 91.92 }, { start: 91.95, end: 92.15 }, ...stem.slice(1)];
    expect(repairTailNotes(withFeet(), [], own, energy(95, own))).toBe(0);
  });
});
