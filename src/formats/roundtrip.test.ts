import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { readTimings, writeTimings, type TimingFormat } from './index';
import { wordsOf } from './test-helpers';

/**
 * Property tests of the hand-written readers and writers (ADR 0008): random songs (lines of words
 * of syllables, gaps, duets, awkward characters) survive `write -> read` in every word-timed
 * format within its precision, and `X -> json -> X -> json` in every format.
 */
const PRECISION: Record<TimingFormat, number> = {
  lrc: 0.005,
  elrc: 0.005,
  ass: 0.005,
  ttml: 0.0005,
  srt: 0.0005,
  vtt: 0.0005,
  ultrastar: 0.01,
  json: 0,
};
const EPS = 1e-9;

const syllable = fc.stringMatching(/^[a-zA-Z0-9éñßø漢字&!?,.'"-]{1,6}$/);
const ms = (n: number) => n / 1000;

/** A song on a 1 ms grid: sequential lines (optionally alternating singers) of sequential syllables. */
const song = fc
  .record({
    duet: fc.boolean(),
    lines: fc.array(
      fc.array(
        fc.array(
          fc.tuple(syllable, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 20, max: 900 })),
          { minLength: 1, maxLength: 3 },
        ),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      { minLength: 1, maxLength: 5 },
    ),
    lineGaps: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 5, maxLength: 5 }),
    start: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ duet, lines, lineGaps, start }) => {
    const items: AlignmentItem[] = [];
    let t = start;
    lines.forEach((words, line) => {
      t += lineGaps[line]!;
      words.forEach((syllables, word) => {
        syllables.forEach(([text, gap, length], subword) => {
          t += word === 0 && subword === 0 ? 0 : gap;
          const item: AlignmentItem = {
            line,
            word,
            subword,
            start: ms(t),
            end: ms(t + length),
            text,
          };
          if (duet) item.singer = line % 2;
          items.push(item);
          t += length;
        });
      });
    });
    return items;
  });

const singers = (items: readonly AlignmentItem[]) => new Set(items.map((x) => x.singer)).size;

function expectClose(
  actual: readonly AlignmentItem[],
  expected: readonly AlignmentItem[],
  tolerance: number,
) {
  expect(actual.map((x) => `${x.line}/${x.word}/${x.subword} ${x.text}`)).toEqual(
    expected.map((x) => `${x.line}/${x.word}/${x.subword} ${x.text}`),
  );
  actual.forEach((x, i) => {
    const y = expected[i]!;
    expect(Math.abs(x.start - y.start)).toBeLessThanOrEqual(tolerance + EPS);
    expect(Math.abs(x.end - y.end)).toBeLessThanOrEqual(tolerance + EPS);
  });
}

describe('round trips (property)', () => {
  it.each(['elrc', 'ass', 'ttml', 'vtt', 'ultrastar', 'json'] as const)(
    'word-timed %s: write then read gives the same items within the precision',
    (format) => {
      fc.assert(
        fc.property(song, (items) => {
          const back = readTimings(writeTimings(items, format), { format }).items;
          expectClose(back, items, PRECISION[format]);
          // Singers: voices in ASS, TTML, WebVTT, UltraStar (several needed for a duet); JSON keeps all.
          if (format === 'elrc') return;
          const duet = format === 'json' || singers(items) > 1;
          expect(back.map((x) => x.singer)).toEqual(
            items.map((x) => (duet ? x.singer : undefined)),
          );
        }),
        { numRuns: 150 },
      );
    },
  );

  it.each(['lrc', 'srt'] as const)('line-timed %s: words and line times survive', (format) => {
    fc.assert(
      fc.property(song, (items) => {
        const back = readTimings(writeTimings(items, format), { format }).items;
        expect(wordsOf(back)).toEqual(wordsOf(items));
        const first = (list: readonly AlignmentItem[], line: number) =>
          list.find((x) => x.line === line)!;
        for (const line of new Set(items.map((x) => x.line))) {
          expect(Math.abs(first(back, line).start - first(items, line).start)).toBeLessThanOrEqual(
            PRECISION[format] + EPS,
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each(['lrc', 'elrc', 'ass', 'ttml', 'srt', 'vtt', 'ultrastar'] as const)(
    '%s -> json -> the same format -> json holds within the precision',
    (format) => {
      fc.assert(
        fc.property(song, (items) => {
          const once = readTimings(writeTimings(items, format), { format });
          const json = readTimings(writeTimings(once.items, 'json'));
          expect(json.items).toEqual(once.items);
          const twice = readTimings(writeTimings(json.items, format), { format });
          expectClose(twice.items, once.items, PRECISION[format]);
        }),
        { numRuns: 100 },
      );
    },
  );
});
