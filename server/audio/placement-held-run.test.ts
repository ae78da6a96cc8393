import { describe, expect, it } from 'vitest';
import { repairPulledRuns } from './placement-held-run';
import { flatEnergy, timedWord as w } from './test-words';

/** A flat stem level with a consonant's dip of 20 dB over [from, to) seconds. */
function energyWithDip(seconds: number, from: number, to: number): Float64Array {
  const db = flatEnergy(seconds);
  for (let f = Math.round(from * 100); f < Math.round(to * 100); f++) db[f] = -40;
  return db;
}

describe('repairPulledRuns: a line tail pulled into the held note before it', () => {
  // "se al~~~ de la belleza": "al" held 1.7 s, "de la" squeezed at its end (9.33-9.63 s), the
  // consonant of "de" a dip at 9.55-9.6 s, the line's voice until 10.62 s, the next line at 12 s.
  const line = () => [
    w(0, 7.3, 7.6, 2),
    w(0, 7.61, 9.32, 2),
    w(0, 9.33, 9.46, 2),
    w(0, 9.47, 9.63, 2),
    w(0, 9.63, 10.32, 6),
    w(1, 12, 12.5, 3),
  ];
  const stem = [
    { start: 7.5, end: 9.55 },
    { start: 9.6, end: 10.62 },
    { start: 12, end: 12.6 },
  ];

  it('moves the run onto the rise after the dip and lets the held word keep the time', () => {
    const words = line();
    const moved = words.map(() => false);
    expect(repairPulledRuns(words, moved, stem, energyWithDip(14, 9.55, 9.6))).toBe(1);
    expect(words[2]!.start).toBeCloseTo(9.6, 2);
    expect(words[4]!.end).toBeCloseTo(10.59, 2);
    expect(words[1]!.end).toBeCloseTo(9.59, 2);
    expect(words[5]).toEqual(line()[5]);
    expect(moved).toEqual([false, false, true, true, true, false]);
  });

  it('leaves a run whose line ends with the voice (nothing left unused after it)', () => {
    const words = line();
    const ended = [stem[0]!, { start: 9.6, end: 10.33 }, stem[2]!];
    expect(repairPulledRuns(words, [], ended, energyWithDip(14, 9.55, 9.6))).toBe(0);
    expect(words).toEqual(line());
  });

  it('leaves a word held under 0.7 s, a long word after it, or no dip', () => {
    const dip = energyWithDip(14, 9.55, 9.6);
    const shortHeld = line();
    shortHeld[1]!.start = 8.7;
    expect(repairPulledRuns(shortHeld, [], stem, dip)).toBe(0);
    const longNext = line();
    longNext[2]!.end = 9.9;
    longNext[3] = w(0, 9.91, 10.0, 2);
    longNext[4]!.start = 10.01;
    expect(repairPulledRuns(longNext, [], stem, dip)).toBe(0);
    expect(repairPulledRuns(line(), [], stem, flatEnergy(14))).toBe(0);
  });

  it('leaves a run that does not end the line (a pause inside the line follows it)', () => {
    const words = line();
    words[4]!.start = 9.9;
    expect(repairPulledRuns(words, [], stem, energyWithDip(14, 9.55, 9.6))).toBe(0);
  });
});
