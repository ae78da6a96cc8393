import { describe, expect, it } from 'vitest';
import { detectFormat, readTimings, TimingFormatError } from './index';

describe('detectFormat', () => {
  it.each([
    ['{ "items": [] }', 'json'],
    ['[{"line":0}]', 'json'],
    ['WEBVTT\n\n00:01.000 --> 00:02.000\nx', 'vtt'],
    ['<?xml version="1.0"?>\n<tt xmlns="http://www.w3.org/ns/ttml"></tt>', 'ttml'],
    ['[Script Info]\nTitle: x\n', 'ass'],
    ['#TITLE:x\n#BPM:100\n: 0 1 1 a\n', 'ultrastar'],
    ['1\n00:00:01,000 --> 00:00:02,000\nx\n', 'srt'],
    ['[ti:x]\n[00:01.00]line\n', 'lrc'],
    ['[00:01.00]<00:01.00>a <00:01.50>b\n', 'elrc'],
    ['[00:01.00]a[00:01.50] b[00:02.00]\n', 'elrc'],
    ['[00:01.00][00:09.00]repeated line\n', 'lrc'],
  ])('finds the format of %j', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  it('trusts content over the file name, and the name when the content says nothing', () => {
    expect(detectFormat('[00:01.00]a\n', 'song.srt')).toBe('lrc');
    expect(detectFormat('nothing useful', 'song.ass')).toBe('ass');
    expect(detectFormat('nothing useful', 'song.doc')).toBeNull();
  });

  it('fails in one sentence for an unknown or empty file', () => {
    expect(() => readTimings('hello there')).toThrow(TimingFormatError);
    expect(() => readTimings('hello there')).toThrow(
      /^This file is not in a timing format we know/,
    );
    expect(() => readTimings('  \n ')).toThrow(new TimingFormatError('The file is empty.'));
    // Plain lyrics in a .txt file: the name says UltraStar, the content nothing we know.
    expect(() => readTimings('just the words\nof a song', { fileName: 'song.txt' })).toThrow(
      /^This file is not in a timing format we know \(.*\); read as UltraStar because of its name: this UltraStar file has no usable #BPM line/,
    );
    expect(() => readTimings(new Uint8Array())).toThrow(
      new TimingFormatError('The file is empty.'),
    );
  });
});
