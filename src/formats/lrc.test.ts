import { describe, expect, it } from 'vitest';
import { readTimings, TimingFormatError, writeTimings } from './index';
import { rows, wordsOf } from './test-helpers';

describe('LRC', () => {
  it('reads line stamps and spreads the words over each line (estimated)', () => {
    const r = readTimings(
      '[ti:Song]\n[ar:Someone]\n[00:01.00]Hello big world\n[00:04.00]Bye\n[00:05.00]\n',
    );
    expect(r.format).toBe('lrc');
    expect(r.metadata).toEqual({ title: 'Song', artist: 'Someone' });
    expect(rows(r.items)).toEqual([
      // 3 s over 13 letters: by length.
      '0/0/0 1.000-2.154 Hello',
      '0/1/0 2.154-2.846 big',
      '0/2/0 2.846-4.000 world',
      '1/0/0 4.000-5.000 Bye',
    ]);
    expect([...r.estimated]).toEqual([0, 1, 2, 3]);
    expect(r.lineCount).toBe(2);
    expect(r.wordCount).toBe(4);
  });

  it('repeats a line with several stamps and sorts by time', () => {
    const r = readTimings('[00:10.00][00:01.00]La la\n[00:05.00]Mid\n[00:06.00]\n[00:12.00]\n');
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-3.000 La',
      '0/1/0 3.000-5.000 la',
      '1/0/0 5.000-6.000 Mid',
      '2/0/0 10.000-11.000 La',
      '2/1/0 11.000-12.000 la',
    ]);
  });

  it.each([
    ['+500', 0.5],
    ['-250', 1.25],
    ['0', 1],
  ])('applies [offset:%s] (positive = earlier)', (offset, start) => {
    const r = readTimings(`[offset:${offset}]\n[00:01.00]One\n[00:02.00]\n`);
    expect(r.items[0]!.start).toBeCloseTo(start, 6);
  });

  it('clamps times moved before zero by the offset, with a warning', () => {
    const r = readTimings('[offset:2000]\n[00:01.00]One\n[00:03.00]Two\n[00:04.00]\n');
    expect(r.items[0]!.start).toBe(0);
    expect(r.warnings).toContainEqual({
      line: null,
      message: '1 time before 0:00 (after the offset) set to 0.',
    });
  });

  it.each([
    ['[00:01.5]A', 1.5],
    ['[00:01.50]A', 1.5],
    ['[00:01.500]A', 1.5],
    ['[00:01:50]A', 1.5],
    ['[00:01]A', 1],
    ['[01:00:01.50]A', 3601.5],
    ['[100:00.00]A', 6000],
  ])('reads the stamp %s', (line, start) => {
    expect(readTimings(`${line}\n`).items[0]!.start).toBeCloseTo(start, 6);
  });

  it('reads a line with the same stamp as the one before as its translation', () => {
    const r = readTimings('[00:15.30]hello\n[00:15.30]你好\n[00:17.00]\n');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.translations).toEqual({ und: { text: '你好' } });
  });

  it('skips lines without a stamp, naming them', () => {
    const r = readTimings('[00:01.00]One\njunk here\n[00:02.00]Two\n');
    expect(r.warnings).toEqual([{ line: 2, message: 'This line has no time stamp; skipped.' }]);
    expect(wordsOf(r.items)).toEqual(['One', 'Two']);
  });

  it('fails with one sentence when nothing is timed', () => {
    expect(() => readTimings('[ti:Only tags]\n[ar:x]\n', { format: 'lrc' })).toThrow(
      TimingFormatError,
    );
    expect(() => readTimings('[ti:Only tags]\n', { format: 'lrc' })).toThrow(/^No timed lyrics/);
  });

  it('writes lines with an end stamp where a gap follows and at the end', () => {
    const items = readTimings(
      '[00:01.00]Hello world\n[00:03.00]Again\n[00:04.00]\n[00:06.00]Last\n[00:07.50]\n',
    ).items;
    expect(writeTimings(items, 'lrc', { title: 'T', artist: 'A' })).toBe(
      '[ti:T]\n[ar:A]\n[00:01.00]Hello world\n[00:03.00]Again\n[00:04.00]\n[00:06.00]Last\n[00:07.50]\n',
    );
  });
});

describe('enhanced LRC', () => {
  it('reads A2 word stamps: syllables without a space are sub-words, a spaced stamp gap is a gap', () => {
    const r = readTimings(
      '[00:13.00]<00:13.00>Hel<00:13.20>lo<00:13.40> <00:13.50>world<00:14.00>\n',
    );
    expect(r.format).toBe('elrc');
    expect(rows(r.items)).toEqual([
      '0/0/0 13.000-13.200 Hel',
      '0/0/1 13.200-13.400 lo',
      '0/1/0 13.500-14.000 world',
    ]);
    expect(r.estimated.size).toBe(0);
  });

  it('reads ESLyric inline [mm:ss.xx] stamps (each ends the word before it)', () => {
    const r = readTimings('[00:10.82]Test[00:10.97] Word[00:12.62]\n');
    expect(r.format).toBe('elrc');
    expect(rows(r.items)).toEqual(['0/0/0 10.820-10.970 Test', '0/1/0 10.970-12.620 Word']);
  });

  it('reads an ESLyric [00:00.000] line stamp as unknown, not as 0:00', () => {
    const r = readTimings('[00:00.000]Intro[00:20.00] line[00:21.00]\n');
    // One word's estimated length before the first word stamp.
    expect(r.items[0]!.start).toBeCloseTo(19, 6);
    expect(r.items[0]!.end).toBe(20);
  });

  it('ignores a word stamp that goes back in time, with a warning, and spreads its words', () => {
    const r = readTimings('[00:10.00]<00:10.00>a <00:09.00>b <00:12.00>c<00:13.00>\n');
    expect(wordsOf(r.items)).toEqual(['a', 'b', 'c']);
    expect(r.warnings).toHaveLength(1);
    expect(r.items.every((x, i) => i === 0 || x.start >= r.items[i - 1]!.start)).toBe(true);
  });

  it('ends trailing words at the next line', () => {
    const r = readTimings('[00:01.00]<00:01.00>a <00:02.00>b\n[00:05.00]<00:05.00>c<00:06.00>\n');
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-2.000 a',
      '0/1/0 2.000-5.000 b',
      '1/0/0 5.000-6.000 c',
    ]);
  });

  it('writes start stamps per syllable, end stamps before gaps, and reads back the same', () => {
    const text =
      '[00:13.00]<00:13.00>Hel<00:13.20>lo<00:13.40> <00:13.50>world<00:14.00>\n[00:14.00]\n';
    const r = readTimings(text);
    expect(writeTimings(r.items, 'elrc')).toBe(text);
  });
});
