import { describe, expect, it } from 'vitest';
import { repairShortLines } from './placement-short-lines';
import type { TimedWord } from './line-heads';
import { lineOfWords as line } from './test-words';
import { voicedShare } from './voicing';

/** Lines of four words at 0.6 s, and line 2 (`short`) between them after a long gap. */
function song(short: TimedWord[]): TimedWord[] {
  return [...line(0, 0, 4, 0.6), ...line(1, 4, 4, 0.6), ...short, ...line(3, 11, 4, 0.6)];
}

/** The stem voiced where the four-word lines are sung, plus `extra` stretches. */
function stem(extra: { start: number; end: number }[]) {
  return [{ start: 0, end: 2.4 }, { start: 4, end: 6.4 }, ...extra, { start: 11, end: 13.4 }].sort(
    (a, b) => a.start - b.start,
  );
}

describe('repairShortLines', () => {
  it('moves a short line placed on silence onto the voice right after the line before', () => {
    const words = song(line(2, 10, 2, 0.4)); // "Come a-long" placed 10-10.8 s, sung 6.6-7.4 s
    const stretches = stem([{ start: 6.6, end: 7.4 }]);
    const moved = words.map(() => false);
    expect(repairShortLines(words, moved, stretches, voicedShare(stretches))).toBe(1);
    expect(words.slice(8, 10).map((w) => [w.start, w.end])).toEqual([
      [6.6, 7],
      [7, 7.4],
    ]);
    expect(moved.map((m, k) => (m ? k : -1)).filter((k) => k >= 0)).toEqual([8, 9]);
  });

  it('leaves it when its place is voiced, the voice before it is not, or the line is long', () => {
    const cases: [TimedWord[], { start: number; end: number }[]][] = [
      [
        line(2, 10, 2, 0.4),
        stem([
          { start: 6.6, end: 7.4 },
          { start: 10, end: 10.8 },
        ]),
      ],
      [line(2, 10, 2, 0.4), stem([])],
      [line(2, 9.6, 3, 0.4), stem([{ start: 6.6, end: 7.8 }])],
      [line(2, 7.4, 2, 0.4), stem([{ start: 6.6, end: 7.4 }])], // a gap under 1.5 s
    ];
    for (const [short, stretches] of cases) {
      const words = song(short);
      const before = words.map((w) => ({ ...w }));
      const moved = words.map(() => false);
      expect(repairShortLines(words, moved, stretches, voicedShare(stretches))).toBe(0);
      expect(words).toEqual(before);
    }
  });
});
