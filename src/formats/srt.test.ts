import { describe, expect, it } from 'vitest';
import { readTimings, writeTimings } from './index';
import { rows, wordsOf } from './test-helpers';

const CUES =
  '1\n00:00:01,000 --> 00:00:03,000\nHello there\n\n2\n00:00:04,000 --> 00:00:05,000\nBye\n';

describe('SRT', () => {
  it('reads numbered cues, spreading words over each cue (estimated)', () => {
    const r = readTimings(CUES);
    expect(r.format).toBe('srt');
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-2.000 Hello',
      '0/1/0 2.000-3.000 there',
      '1/0/0 4.000-5.000 Bye',
    ]);
    expect(r.estimated.size).toBe(3);
  });

  it.each([
    ['CRLF', CUES.replace(/\n/g, '\r\n')],
    ['CR only', CUES.replace(/\n/g, '\r')],
    ['no cue numbers', CUES.replace(/^\d+\n/gm, '')],
    ['no blank lines between cues', CUES.replace(/\n\n/g, '\n')],
    ['a dot before milliseconds', CUES.replace(/,(\d{3})/g, '.$1')],
    ['trailing spaces and position', CUES.replace('00:00:03,000', '00:00:03,000  X1:10 X2:20')],
  ])('reads a file with %s the same', (_, text) => {
    expect(rows(readTimings(text, { format: 'srt' }).items)).toEqual(rows(readTimings(CUES).items));
  });

  it('drops styling tags and joins a cue of two lines', () => {
    const r = readTimings(
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>Hello</i>\n<font color="red">world</font>\n',
    );
    expect(wordsOf(r.items)).toEqual(['Hello', 'world']);
    expect(r.lineCount).toBe(1);
  });

  it('skips text outside cues and unreadable timings with line numbers', () => {
    const r = readTimings(
      'stray text\n\n1\n00:00:01,000 --> soon\nlost\n\n2\n00:00:02,000 --> 00:00:03,000\nkept\n',
      {
        format: 'srt',
      },
    );
    expect(wordsOf(r.items)).toEqual(['kept']);
    expect(r.warnings).toEqual([
      { line: 1, message: 'This line is outside any cue; skipped.' },
      { line: 4, message: 'This cue timing cannot be read; the cue was skipped.' },
    ]);
  });

  it('writes numbered cues that read back the same', () => {
    const text = writeTimings(readTimings(CUES).items, 'srt');
    expect(text).toBe(
      '1\n00:00:01,000 --> 00:00:03,000\nHello there\n\n2\n00:00:04,000 --> 00:00:05,000\nBye\n',
    );
  });
});
