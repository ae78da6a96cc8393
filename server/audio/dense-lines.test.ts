import { describe, expect, it } from 'vitest';
import { lineOfWords, timedWord } from './test-words';
import type { TimedWord } from './line-heads';
import {
  denseLines,
  denseNotes,
  heldHeadLines,
  lineSpans,
  researchDenseLines,
  songPace,
  type LineSearch,
} from './dense-lines';

const line = lineOfWords;

/** Five lines of four words at 0.6 s a word (0.2 s a phone), 4 s apart; line 2 as given. */
function song(crammed: TimedWord[]): TimedWord[] {
  return [
    ...line(0, 2, 4, 0.6),
    ...line(1, 6, 4, 0.6),
    ...crammed,
    ...line(3, 14, 4, 0.6),
    ...line(4, 18, 4, 0.6),
  ];
}

/** A stem voiced everywhere, and one silent everywhere. */
const allVoiced = () => 1;
const silent = () => 0;

/** A search that finds the words at `seconds` a word from `at`, and records its windows. */
function searchAt(at: number, seconds: number, windows: [number, number][] = []): LineSearch {
  return (_first, count, from, to) => {
    windows.push([from, to]);
    return Promise.resolve(
      Array.from({ length: count }, (_, k) => ({
        start: at + k * seconds,
        end: at + (k + 1) * seconds,
      })),
    );
  };
}

describe('lineSpans and songPace', () => {
  it('groups words by line and takes the median seconds per phone', () => {
    const spans = lineSpans(song(line(2, 10, 4, 0.6)));
    expect(spans.map((s) => [s.line, s.first, s.last, s.phones])).toEqual([
      [0, 0, 3, 12],
      [1, 4, 7, 12],
      [2, 8, 11, 12],
      [3, 12, 15, 12],
      [4, 16, 19, 12],
    ]);
    expect(spans[2]?.start).toBe(10);
    expect(spans[2]?.end).toBeCloseTo(12.4);
    expect(songPace(song(line(2, 10, 4, 0.6)), spans)).toBeCloseTo(0.2);
  });

  it('has no pace from too few lines', () => {
    const two = [...line(0, 0, 4, 0.5), ...line(1, 3, 4, 0.5)];
    expect(songPace(two, lineSpans(two))).toBeUndefined();
  });
});

describe('denseLines', () => {
  it('finds a line squeezed into a fraction of its time, its window from the line before to its end', () => {
    // Line 2 sung 10-12.4 s but placed squeezed at 12.0-12.4 (0.1 s a word).
    const spans = lineSpans(song(line(2, 12, 4, 0.1)));
    const dense = denseLines(spans, 0.2, 30, allVoiced);
    expect(dense.map((d) => d.line)).toEqual([2]);
    // From the end of line 1 (8.4 s, within reach) to half a second after its own end.
    expect(dense[0]?.from).toBeCloseTo(8.4);
    expect(dense[0]?.to).toBeCloseTo(12.9);
  });

  it('leaves lines at the pace, short lines and lines with no room beside them', () => {
    expect(denseLines(lineSpans(song(line(2, 10, 4, 0.6))), 0.2, 30, allVoiced)).toEqual([]);
    expect(denseLines(lineSpans(song(line(2, 12, 2, 0.1))), 0.2, 30, allVoiced)).toEqual([]);
    const boxedIn = [...line(0, 2, 4, 0.6), ...line(1, 4.4, 4, 0.1), ...line(2, 4.8, 4, 0.6)];
    expect(denseLines(lineSpans(boxedIn), 0.2, 30, allVoiced)).toEqual([]);
  });

  it('leaves a fast line with no voice before it that its words could have been sung on', () => {
    expect(denseLines(lineSpans(song(line(2, 12, 4, 0.1))), 0.2, 30, silent)).toEqual([]);
    // Voiced only after it (a held last note): not a sign of words lost before it.
    const after = (from: number) => (from >= 12.4 ? 1 : 0);
    expect(denseLines(lineSpans(song(line(2, 12, 4, 0.1))), 0.2, 30, after)).toEqual([]);
    // Voiced only right before it: 1 s of the 2 s it lacks is enough.
    const justBefore = (from: number, to: number) =>
      Math.max(0, Math.min(to, 12) - Math.max(from, 11)) / (to - from);
    expect(denseLines(lineSpans(song(line(2, 12, 4, 0.1))), 0.2, 30, justBefore)).toHaveLength(1);
  });

  it("reaches no further than twice the line's expected length beyond it", () => {
    // Line 2 crammed at 40 s with 30 s of nothing before it: the window starts 7.2 s before its end.
    const spans = lineSpans([
      ...line(0, 2, 4, 0.6),
      ...line(1, 6, 4, 0.6),
      ...line(2, 40, 4, 0.1),
      ...line(3, 44, 4, 0.6),
      ...line(4, 48, 4, 0.6),
    ]);
    const [dense] = denseLines(spans, 0.2, 60, allVoiced);
    expect(denseLines(spans, 0.2, 60, allVoiced)).toHaveLength(1);
    expect(dense?.from).toBeCloseTo(40.4 - 3 * 2.4);
    expect(dense?.to).toBeCloseTo(40.9);
  });
});

describe('researchDenseLines', () => {
  it('moves a crammed line to where the search alone finds it at the pace, and nothing else', async () => {
    const words = song(line(2, 12, 4, 0.1));
    const windows: [number, number][] = [];
    const out = await researchDenseLines(words, searchAt(10, 0.6, windows), 30, allVoiced);
    expect(out.lines).toBe(1);
    expect(windows).toHaveLength(1);
    expect(out.words.slice(8, 12).map((w) => w.start)).toEqual([10, 10.6, 11.2, 11.8]);
    expect(out.moved.map((m, k) => (m ? k : -1)).filter((k) => k >= 0)).toEqual([8, 9, 10, 11]);
    expect(out.words.slice(0, 8)).toEqual(words.slice(0, 8));
    expect(out.words.slice(12)).toEqual(words.slice(12));
    expect(words[8]?.start).toBe(12);
  });

  it('keeps the old place when the search finds it crammed again, smeared, or not at all', async () => {
    const words = song(line(2, 12, 4, 0.1));
    for (const search of [
      searchAt(12, 0.1),
      searchAt(8.5, 1.6),
      (() => Promise.resolve(undefined)) as LineSearch,
      (() => Promise.resolve([{ start: 10, end: 11 }])) as LineSearch,
    ]) {
      const out = await researchDenseLines(words, search, 30, allVoiced);
      expect(out.lines).toBe(0);
      expect(out.words).toEqual(words);
      expect(out.moved.every((m) => !m)).toBe(true);
    }
  });

  it('says what it did', () => {
    expect(denseNotes(0)).toEqual([]);
    expect(denseNotes(2)[0]).toMatch(
      /2 line\(s\) crammed or holding their first word .* were searched again/,
    );
  });
});

/** Line 2 of `song` with its first word held 3 s from 10 s, the other three after it at 0.6 s. */
const heldHeadLine = (): TimedWord[] => [
  timedWord(2, 10, 13),
  ...line(2, 13, 3, 0.6).map((w) => ({ ...w })),
];

describe('a line whose first word holds far beyond its phones', () => {
  it('is searched again between the lines around it, as far as a crammed line reaches', () => {
    const words = song(heldHeadLine());
    const spans = lineSpans(words);
    const held = heldHeadLines(words, spans, 0.2, 30);
    expect(held.map((h) => [h.line, h.kind])).toEqual([[2, 'held']]);
    // After line 1 (ends 8.4 s); before line 3 (starts 14 s), at most 0.5 s after its own end.
    expect(held[0]?.from).toBeCloseTo(8.4);
    expect(held[0]?.to).toBeCloseTo(14);
    // A first word of 0.6 s (or a held last word) is no held head.
    expect(
      heldHeadLines(song(line(2, 10, 4, 0.6)), lineSpans(song(line(2, 10, 4, 0.6))), 0.2, 30),
    ).toEqual([]);
  });

  it('moves when the search alone finds the line shorter and its head no longer held', async () => {
    const words = song(heldHeadLine());
    const out = await researchDenseLines(words, searchAt(9.5, 0.6), 30, silent);
    expect(out.lines).toBe(1);
    expect(out.words.slice(8, 12).map((w) => w.start)).toEqual([9.5, 10.1, 10.7, 11.3]);
    expect(out.words.slice(0, 8)).toEqual(words.slice(0, 8));
    expect(out.words.slice(12)).toEqual(words.slice(12));
  });

  it('stays when the search holds the first note again, or moves the hold onto a later word or pause', async () => {
    const words = song(heldHeadLine());
    const holdSecond: LineSearch = () =>
      Promise.resolve([
        { start: 9.6, end: 10.2 },
        { start: 10.2, end: 12.8 },
        { start: 12.8, end: 13.3 },
        { start: 13.3, end: 13.8 },
      ]);
    const pauseAfterFirst: LineSearch = () =>
      Promise.resolve([
        { start: 9.6, end: 10.2 },
        { start: 12.2, end: 12.8 },
        { start: 12.8, end: 13.4 },
        { start: 13.4, end: 13.9 },
      ]);
    const heldAgain: LineSearch = () =>
      Promise.resolve([
        { start: 10, end: 12.5 },
        { start: 12.5, end: 13 },
        { start: 13, end: 13.5 },
        { start: 13.5, end: 14 },
      ]);
    for (const search of [holdSecond, pauseAfterFirst, heldAgain]) {
      const out = await researchDenseLines(words, search, 30, silent);
      expect(out.lines).toBe(0);
      expect(out.words).toEqual(words);
    }
  });
});

/** Line 2 of `song`: three words from `start` at 0.6 s, a pause of `pause` s, then its last word. */
const pausedLine = (start: number, pause: number): TimedWord[] => [
  ...line(2, start, 3, 0.6),
  timedWord(2, start + 1.8 + pause, start + 2.4 + pause),
];

describe('a line with a long pause pushing its end against the next line', () => {
  it('is searched again when it pauses 1 s or more and ends just before the next line', () => {
    const words = song(pausedLine(10, 1.2)); // ends 13.6 s, the next line starts 14 s
    const held = heldHeadLines(words, lineSpans(words), 0.2, 30);
    expect(held.map((h) => [h.line, h.kind])).toEqual([[2, 'held']]);
    expect(held[0]?.from).toBeCloseTo(8.4);
    expect(held[0]?.to).toBeCloseTo(14);
  });

  it('is not when the pause is short or the line ends well before the next one', () => {
    for (const words of [song(pausedLine(10.6, 0.6)), song(pausedLine(9.4, 1.2))])
      expect(heldHeadLines(words, lineSpans(words), 0.2, 30)).toEqual([]);
  });

  it('moves when found shorter without the pause, stays when the pause is found again', async () => {
    const words = song(pausedLine(10, 1.2));
    const out = await researchDenseLines(words, searchAt(9.5, 0.5), 30, silent);
    expect(out.lines).toBe(1);
    expect(out.words.slice(8, 12).map((w) => w.start)).toEqual([9.5, 10, 10.5, 11]);
    const again = await researchDenseLines(
      words,
      () => Promise.resolve(words.slice(8, 12).map((w) => ({ start: w.start, end: w.end }))),
      30,
      silent,
    );
    expect(again.lines).toBe(0);
    expect(again.words).toEqual(words);
  });
});
