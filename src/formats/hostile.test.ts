import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTimings, TIMING_FORMATS, TimingFormatError, type TimingFormat } from './index';

/** Reads, or fails with a TimingFormatError: never another exception. */
function readsOrExplains(input: string | Uint8Array, format?: TimingFormat) {
  try {
    const r = readTimings(input, format ? { format } : {});
    expect(r.items.filter((x) => !(x.start >= 0 && x.end >= x.start))).toEqual([]);
  } catch (error) {
    expect(error).toBeInstanceOf(TimingFormatError);
    expect((error as Error).message).not.toMatch(/\n/);
  }
}

const LONG = 200_000;
/** Malformed lines that a backtracking pattern or a quadratic scan would choke on. */
const HOSTILE: [string, string][] = [
  ['lrc brackets', `[00:01.00]${'[00:'.repeat(LONG / 4)}`],
  ['lrc angle stamps', `[00:01.00]${'<00:0'.repeat(LONG / 5)}`],
  ['lrc tags', `[${'a'.repeat(LONG)}:`],
  [
    'ass blocks',
    `[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,${'{\\k1'.repeat(LONG / 4)}`,
  ],
  ['ass commas', `[Events]\nDialogue: ${','.repeat(LONG)}`],
  ['srt arrows', `1\n${'00:00:01,000 --> '.repeat(LONG / 17)}\n`],
  ['vtt tags', `WEBVTT\n\n00:01.000 --> 00:02.000\n${'<v '.repeat(LONG / 3)}`],
  ['vtt entities', `WEBVTT\n\n00:01.000 --> 00:02.000\n${'&#'.repeat(LONG / 2)}`],
  ['ttml open tags', `<tt><body><div><p begin="1s" end="2s">${'<span begin="'.repeat(LONG / 13)}`],
  ['ttml nesting', `<tt><body>${'<div>'.repeat(LONG / 5)}`],
  ['ttml attributes', `<tt ${'a="1" '.repeat(LONG / 6)}`],
  ['ultrastar digits', `#BPM:100\n: ${'1 '.repeat(LONG / 2)}`],
  ['json nesting', `{"items": ${'['.repeat(LONG)}`],
];

describe('hostile input', () => {
  it.each(HOSTILE)('%s: reads or fails in one sentence', (_, text) => {
    readsOrExplains(text);
    for (const { id } of TIMING_FORMATS) readsOrExplains(text, id);
  });

  it('random text in every format reads or fails in one sentence (property)', () => {
    const pieces = fc.constantFrom(
      '[00:01.00]',
      '<00:02.50>',
      '[ti:x]',
      '\n',
      '\r',
      ' ',
      '-->',
      '00:00:01,000',
      '{\\k20}',
      '\\N',
      'Dialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,',
      '[Events]',
      '<p begin="1s">',
      '</p>',
      '<span end="2">',
      ': 0 4 1 la',
      '- 5',
      '#BPM:120',
      'E',
      'P1',
      'WEBVTT',
      '&amp;',
      '&#x1F600;',
      '<v A>',
      'word',
      '~',
    );
    const text = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 40 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(undefined, ...TIMING_FORMATS.map((f) => f.id)),
        (t, format) => readsOrExplains(t, format),
      ),
      { numRuns: 1500 },
    );
  });

  it('random bytes read or fail in one sentence (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => readsOrExplains(bytes)),
      { numRuns: 500 },
    );
  });
});
