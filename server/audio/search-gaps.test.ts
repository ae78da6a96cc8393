import { describe, expect, it } from 'vitest';
import { lineOfWords } from './test-words';
import type { TimedWord } from './line-heads';
import type { LineSearch } from './dense-lines';
import { lineSpans } from './dense-lines';
import {
  crammedPassages,
  gapNotes,
  joinedRun,
  lineVoicing,
  researchCrammedPassages,
  overlongLine,
} from './search-gaps';

const line = lineOfWords;

/**
 * Six lines of four words at 0.6 s a word, sung 4 s apart from 2 s; as placed, lines 2 and 3 are
 * crammed into 10-11 s (0.12 s a word) and the search left 11-18 s without words.
 */
function crammedSong(): TimedWord[] {
  return [
    ...line(0, 2, 4, 0.6),
    ...line(1, 6, 4, 0.6),
    ...line(2, 10, 4, 0.11),
    ...line(3, 10.5, 4, 0.11),
    ...line(4, 18, 4, 0.6),
    ...line(5, 22, 4, 0.6),
  ];
}

/** A search that places lines 2 and 3 where they are sung (10 s and 14 s), recording its windows. */
function searchSung(windows: [number, number][] = []): LineSearch {
  return (first, count, from, to) => {
    windows.push([from, to]);
    return Promise.resolve(
      Array.from({ length: count }, (_, k) => {
        const word = first + k;
        const start = (word < 12 ? 10 : 14) + (word % 4) * 0.6;
        return { start, end: start + 0.6 };
      }),
    );
  };
}

const allVoiced = () => 1;
const silent = () => 0;

describe('crammedPassages', () => {
  it('finds the squeezed lines beside a long stretch without words', () => {
    expect(crammedPassages(crammedSong(), 26)).toEqual([
      { firstWord: 8, lastWord: 15, side: 'before' },
    ]);
  });

  it('finds a line with two of its five words squeezed before a stretch', () => {
    const squeezedTail = [...line(2, 10, 3, 0.6), ...line(2, 11.8, 2, 0.1)];
    const song = [...line(0, 2, 4, 0.6), ...line(1, 6, 4, 0.6), ...squeezedTail];
    song.push(...line(3, 18, 4, 0.6));
    expect(crammedPassages(song, 26)).toEqual([{ firstWord: 8, lastWord: 12, side: 'before' }]);
  });

  it('takes in the lines the squeezed run follows on from without a break', () => {
    // Line 1 ends at 10 s where the crammed line 2 starts: searched again with it.
    const song = [...line(0, 4, 4, 0.6), ...line(1, 7.6, 4, 0.6), ...line(2, 10, 4, 0.1)];
    song.push(...line(3, 18, 4, 0.6));
    expect(crammedPassages(song, 21)).toEqual([{ firstWord: 4, lastWord: 11, side: 'before' }]);
    expect(joinedRun(lineSpans(song), 2, -1)).toBe(1);
    expect(joinedRun(lineSpans(song), 3, 1)).toBe(3);
  });

  it('finds nothing in a song sung at its pace, breaks or not', () => {
    const song = [...line(0, 2, 4, 0.6), ...line(1, 6, 4, 0.6), ...line(2, 20, 4, 0.6)];
    expect(crammedPassages(song, 30)).toEqual([]);
  });
});

describe('researchCrammedPassages', () => {
  it('moves a crammed passage onto the voiced stretch it was pushed off', async () => {
    const windows: [number, number][] = [];
    const out = await researchCrammedPassages(crammedSong(), searchSung(windows), 26, allVoiced);
    // Searched between the lines around it as placed.
    expect(windows).toEqual([[8.4, 18]]);
    expect(out.passages).toBe(1);
    expect(out.words[8]?.start).toBe(10);
    expect(out.words[12]?.start).toBe(14);
    expect(out.moved.filter(Boolean)).toHaveLength(8);
    expect(out.words[16]).toEqual(crammedSong()[16]);
  });

  it('leaves it where the stretch has no voice, or the search crams it again', async () => {
    const unvoiced = await researchCrammedPassages(crammedSong(), searchSung(), 26, silent);
    expect(unvoiced.passages).toBe(0);
    expect(unvoiced.words).toEqual(crammedSong());

    const same: LineSearch = (first, count) =>
      Promise.resolve(crammedSong().slice(first, first + count));
    const again = await researchCrammedPassages(crammedSong(), same, 26, allVoiced);
    expect(again.passages).toBe(0);
    expect(again.moved.some(Boolean)).toBe(false);
  });

  it('judges the stretch by how voiced the stem reads the lines of the song', async () => {
    // The lines as placed end by 10.94 s and start from 18 s; the stretch between them reads 0.3.
    const stretchAt = (lines: number) => (from: number, to: number) =>
      from >= 10.9 && to <= 18 ? 0.3 : lines;
    // Lines read 0.9: a stretch at 0.3 is not sung.
    const clear = await researchCrammedPassages(crammedSong(), searchSung(), 26, stretchAt(0.9));
    expect(clear.passages).toBe(0);
    // Lines read 0.5 (a synth beside the voice in the stem): 0.3 is sung there.
    const dim = await researchCrammedPassages(crammedSong(), searchSung(), 26, stretchAt(0.5));
    expect(dim.passages).toBe(1);
    expect(dim.words[12]?.start).toBe(14);
    expect(lineVoicing(crammedSong(), stretchAt(0.5))).toBe(0.5);
  });

  it('leaves it when a line would last far longer than its phones take', async () => {
    const smeared: LineSearch = (first, count) =>
      Promise.resolve(
        // Line 2 over 8.4 s (its phones take 2.4 s at the song's pace), line 3 after it.
        Array.from({ length: count }, (_, k) => {
          const start = first + k < 12 ? 8.45 + k * 2.1 : 16.9 + (k - 4) * 0.11;
          return { start, end: start + (first + k < 12 ? 2.1 : 0.11) };
        }),
      );
    const out = await researchCrammedPassages(crammedSong(), smeared, 26, allVoiced);
    expect(out.passages).toBe(0);
  });

  it("judges a line's length without its last word's hold", () => {
    // Four 3-phone words at 0.2 s a phone (2.4 s in all); the last one held 5 s.
    const held = [...line(0, 10, 3, 0.6), { line: 0, start: 11.8, end: 16.8, phones: 3 }];
    expect(overlongLine(lineSpans(held)[0]!, held, 0.2)).toBe(false);
    // The first word held as long: the words before the last take 6.2 s for 1.8 s of phones.
    const inner = [{ line: 0, start: 10, end: 15, phones: 3 }, ...line(0, 15, 3, 0.6)];
    expect(overlongLine(lineSpans(inner)[0]!, inner, 0.2)).toBe(true);
    // A line of one word held 5 s for its three phones.
    const one = [{ line: 0, start: 10, end: 15, phones: 3 }];
    expect(overlongLine(lineSpans(one)[0]!, one, 0.2)).toBe(true);
  });

  it('says how many passages it searched again', () => {
    expect(gapNotes(0)).toEqual([]);
    expect(gapNotes(2)[0]).toMatch(/2 crammed passage/);
  });
});
