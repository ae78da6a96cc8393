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
