import { describe, expect, it } from 'vitest';
import { readTimings, writeTimings } from './index';
import { rows, wordsOf } from './test-helpers';

describe('WebVTT', () => {
  it('skips NOTE, STYLE and REGION blocks and reads cue ids and settings', () => {
    const r = readTimings(
      'WEBVTT - A song\nKind: captions\n\nSTYLE\n::cue { color: lime }\n\nREGION\nid:fred width:40%\n\nNOTE this is\na comment\n\nintro\n00:01.000 --> 00:03.000 align:start position:10% line:0\nHello world\n\n00:00:04.000 --> 00:00:05.000\nBye\n',
    );
    expect(r.format).toBe('vtt');
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-2.000 Hello',
      '0/1/0 2.000-3.000 world',
      '1/0/0 4.000-5.000 Bye',
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('reads karaoke timestamps as syllable and word boundaries', () => {
    const r = readTimings(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHel<00:00:01.300>lo<00:00:01.800> <00:00:02.000><c.sung>world</c>\n',
    );
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-1.300 Hel',
      '0/0/1 1.300-1.800 lo',
      '0/1/0 2.000-3.000 world',
    ]);
    expect(r.estimated.size).toBe(0);
  });

  it('clamps a timestamp past the cue end, with a warning', () => {
    const r = readTimings(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA <00:00:01.500>B <00:00:09.000>C\n',
    );
    expect(rows(r.items)).toEqual([
      '0/0/0 1.000-1.500 A',
      '0/1/0 1.500-2.000 B',
      '0/2/0 2.000-2.000 C',
    ]);
    expect(r.warnings).toEqual([
      { line: 3, message: "1 timestamp after the cue's end moved to its end (00:00:02.000)." },
    ]);
  });

  it('reads <v> voices as singers and decodes entities, dropping ruby text', () => {
    const r = readTimings(
      'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Alice>Tom &amp; Jerry</v>\n\n00:02.000 --> 00:03.000\n<v.loud Bob><ruby>漢<rt>かん</rt></ruby>字\n',
    );
    expect(wordsOf(r.items)).toEqual(['Tom', '&', 'Jerry', '漢字']);
    expect(r.items.map((x) => x.singer)).toEqual([0, 0, 0, 1]);
  });

  it('one voice is no duet', () => {
    const r = readTimings('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Alice>Solo\n');
    expect(r.items[0]!.singer).toBeUndefined();
  });

  it('writes cues with timestamps and voices that read back the same', () => {
    const text =
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v P1>Hel<00:00:01.300>lo<00:00:01.800> <00:00:02.000>world\n\n00:00:04.000 --> 00:00:05.000\n<v P2>Bye&amp;co\n';
    const r = readTimings(text);
    expect(writeTimings(r.items, 'vtt')).toBe(text);
  });

  it('reads cue timings without spaces or with tabs around the arrow', () => {
    const r = readTimings(
      'WEBVTT\n\n00:01.000-->00:02.000\nTight\n\n00:00:03.000\t\t-->\t00:00:04.000\nTabbed\n',
    );
    expect(rows(r.items)).toEqual(['0/0/0 1.000-2.000 Tight', '1/0/0 3.000-4.000 Tabbed']);
  });
});
