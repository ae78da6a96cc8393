import { describe, expect, it } from 'vitest';
import { repairHeldTails } from './placement-held-tail';
import { timedWord } from './test-words';

const w = (line: number, start: number, end: number, phones = 3) =>
  timedWord(line, start, end, phones);

describe('repairHeldTails: squeezed words after a held note', () => {
  // "the road be~~ my feet": "be" held 39.28-40.09 s, "my" squeezed right after the search's cut
  // (39.75-39.83 s), then 0.74 s of voice before "feet" (40.57 s).
  const placed = [w(0, 38.8, 38.9), w(0, 38.91, 39.23), w(0, 39.24, 39.74, 2)];
  const squeezed = w(0, 39.75, 39.83, 2);
  const feet = w(0, 40.57, 41.14);

  it('moves them later into the voiced gap and lets the held word keep the time', () => {
    const out = repairHeldTails([...placed, squeezed, feet], [{ start: 38.8, end: 41.2 }]);
    expect(out.runs).toBe(1);
    expect(out.words[3]!.start).toBeCloseTo(39.75 + 0.37, 2);
    expect(out.words[2]!.end).toBeCloseTo(out.words[3]!.start - 0.01, 2);
    expect(out.words[4]).toEqual(feet);
    expect(out.moved).toEqual([false, false, false, true, false]);
  });

  it('leaves them when the gap is silent in the stem (a real pause)', () => {
    const out = repairHeldTails(
      [...placed, squeezed, feet],
      [
        { start: 38.8, end: 39.85 },
        { start: 40.55, end: 41.2 },
      ],
    );
    expect(out.runs).toBe(0);
    expect(out.words).toEqual([...placed, squeezed, feet]);
  });

  it('leaves words that are not squeezed (the line simply ends before a pause)', () => {
    const sung = w(0, 39.75, 40.1, 2);
    const out = repairHeldTails([...placed, sung, feet], [{ start: 38.8, end: 41.2 }]);
    expect(out.runs).toBe(0);
  });
});

describe('repairHeldTails: a short word overlong after a held note', () => {
  // "al~~ de la belleza": "al" held, cut at 75.44 s; "de" placed 75.44-76.2 s, sung from 76.6 s.
  const held = w(0, 74.51, 75.43, 2);
  const de = w(0, 75.44, 76.2, 2);
  const la = w(0, 76.21, 76.47, 2);

  it('moves its start onto the voice onset inside it', () => {
    const stem = [
      { start: 74.5, end: 75.6 },
      { start: 75.7, end: 77.5 },
    ];
    const out = repairHeldTails([held, de, la], stem);
    expect(out.runs).toBe(1);
    expect(out.words[1]!.start).toBeCloseTo(75.65, 2);
    expect(out.words[0]!.end).toBeCloseTo(75.64, 2);
    expect(out.words[1]!.end).toBe(76.2);
    expect(out.moved).toEqual([false, true, false]);
  });

  it("finds the onset of a word sung at the end of its span (German 'zeit~~ für verän-')", () => {
    const zeit = w(0, 75.98, 76.94, 4);
    const fur = w(0, 76.95, 77.55, 3);
    const veran = w(0, 77.56, 78.45, 5);
    const stem = [
      { start: 76.18, end: 76.91 },
      { start: 76.97, end: 77.05 },
      { start: 77.45, end: 77.58 },
      { start: 77.66, end: 77.82 },
    ];
    const out = repairHeldTails([zeit, fur, veran], stem);
    expect(out.words[1]!.start).toBeCloseTo(77.4, 2);
    expect(out.words[0]!.end).toBeCloseTo(77.39, 2);
  });

  it('leaves it without an onset inside it, or after a word that is not held', () => {
    expect(repairHeldTails([held, de, la], [{ start: 74.5, end: 77.5 }]).runs).toBe(0);
    const short = w(0, 75.0, 75.43, 2);
    const stem = [
      { start: 74.5, end: 75.6 },
      { start: 75.7, end: 77.5 },
    ];
    expect(repairHeldTails([short, de, la], stem).runs).toBe(0);
  });

  it("counts a word of half a second as held (German 'lie-be~ für', cut at 0.52 s)", () => {
    const half = w(0, 74.91, 75.43, 2);
    const stem = [
      { start: 74.5, end: 75.6 },
      { start: 75.7, end: 77.5 },
    ];
    expect(repairHeldTails([half, de, la], stem).words[1]!.start).toBeCloseTo(75.65, 2);
  });
});
