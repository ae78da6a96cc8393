import { describe, expect, it } from 'vitest';
import { deepestDip, repairSqueezed } from './squeezed-words';
import { timedWord } from './test-words';

/** Energy per 10 ms frame: `level` dB, with dips of `depth` dB (5 frames wide) centred at `at` seconds. */
function envelope(seconds: number, dips: { at: number; depth: number }[], level = -20) {
  const db = new Float64Array(seconds * 100).fill(level);
  for (const { at, depth } of dips) {
    const centre = Math.round(at * 100);
    for (let d = -2; d <= 2; d++) db[centre + d] = level - depth + Math.abs(d);
  }
  return db;
}

const word = (start: number, end: number, phones = 2, line = 0) =>
  timedWord(line, start, end, phones);

describe('deepestDip', () => {
  it('finds where the sound rises again after the deepest dip', () => {
    const db = envelope(3, [
      { at: 1, depth: 8 },
      { at: 2, depth: 12 },
    ]);
    expect(deepestDip(db, 0.5, 2.5)).toBeCloseTo(2.03, 5);
    expect(deepestDip(db, 0.5, 1.5)).toBeCloseTo(1.03, 5);
  });

  it('ignores shallow dips', () => {
    expect(deepestDip(envelope(3, [{ at: 1, depth: 3 }]), 0.5, 2.5)).toBeUndefined();
  });
});

describe('repairSqueezed', () => {
  it('moves a squeezed word back into the overlong word before it, to a dip', () => {
    // "make" held 1.0 s over "it", which the recogniser squeezed into its last 0.1 s.
    const db = envelope(3, [{ at: 1.45, depth: 12 }]);
    const [make, it] = repairSqueezed([word(1, 1.95, 3), word(1.96, 2.06)], db);
    expect(it?.start).toBeCloseTo(1.48, 5);
    expect(it?.end).toBe(2.06);
    expect(make?.end).toBeCloseTo(1.48, 5);
  });

  it('moves the boundary on into an overlong word after a squeezed one', () => {
    const db = envelope(3, [{ at: 1.5, depth: 12 }]);
    const [take, it] = repairSqueezed([word(1, 1.08), word(1.09, 2.2)], db);
    expect(take?.end).toBeCloseTo(1.53, 5);
    expect(it?.start).toBeCloseTo(1.53, 5);
  });

  it('changes nothing without a dip, across lines, or when no word is squeezed', () => {
    const flat = envelope(3, []);
    const squeezed = [word(1, 1.95, 3), word(1.96, 2.06)];
    expect(repairSqueezed(squeezed, flat)).toEqual(squeezed);
    const dip = envelope(3, [{ at: 1.45, depth: 12 }]);
    const twoLines = [word(1, 1.95, 3, 0), word(1.96, 2.06, 2, 1)];
    expect(repairSqueezed(twoLines, dip)).toEqual(twoLines);
    const fine = [word(1, 1.4, 3), word(1.5, 2)];
    expect(repairSqueezed(fine, dip)).toEqual(fine);
  });
});
