import { describe, expect, it } from 'vitest';
import { noteOnsets } from './passage-notes';

describe('noteOnsets', () => {
  it('finds notes after pauses and level rises inside a held stretch, not blips', () => {
    const db = new Float64Array(600).fill(-60);
    const fill = (from: number, to: number, level: number) => db.fill(level, from, to);
    fill(100, 200, -20); // a note 1-2 s
    fill(300, 500, -20); // a held stretch 3-5 s...
    fill(390, 400, -30); // ...with a 10 dB dip (a consonant) at 3.9 s
    fill(550, 555, -20); // a blip at 5.5 s
    const stretches = [
      { start: 1, end: 2 },
      { start: 3, end: 5 },
      { start: 5.5, end: 5.55 },
    ];
    const onsets = noteOnsets(db, stretches, 0, 6);
    expect(onsets.map((o) => Math.round(o.time * 100) / 100)).toEqual([1, 3, 4]);
    expect(onsets[0]?.strength).toBe(3);
    expect(onsets[2]?.strength).toBeCloseTo(2.5, 5);
  });

  it('finds nothing in silence', () => {
    expect(noteOnsets(new Float64Array(300).fill(-60), [], 0, 3)).toEqual([]);
  });
});
