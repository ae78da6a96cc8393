import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { readTimings, translationLosses, writeTimings, type TimingFormat } from './index';

/** Per line (lyric order): language -> the line's text, and word readings where there are. */
function translationsOf(items: readonly AlignmentItem[]) {
  const lines = new Map<number, AlignmentItem[]>();
  for (const x of items) lines.set(x.line, [...(lines.get(x.line) ?? []), x]);
  return [...lines.keys()]
    .sort((a, b) => a - b)
    .map((n) => {
      const line = lines
        .get(n)!
        .sort((a, b) => a.word - b.word || a.subword - b.subword)
        .filter((x) => x.translations);
      return line.map((x) => `${x.word}/${x.subword} ${JSON.stringify(x.translations)}`);
    });
}

const w = (
  line: number,
  word: number,
  start: number,
  text: string,
  tr?: AlignmentItem['translations'],
) => ({
  line,
  word,
  subword: 0,
  start,
  end: start + 0.4,
  text,
  ...(tr ? { translations: tr } : {}),
});

/** Two lines: German line translations; Japanese lyrics with a reading per word in ja-Latn. */
const song: AlignmentItem[] = [
  w(0, 0, 1, 'Hello', { de: { text: 'Hallo' } }),
  w(0, 1, 1.5, 'world', undefined),
  w(1, 0, 3, '東京', { de: { text: 'Tokio' }, 'ja-Latn': { text: 'tōkyō' } }),
  w(1, 1, 3.5, 'へ', { 'ja-Latn': { text: 'e' } }),
  w(1, 2, 4, '行く', { 'ja-Latn': { text: 'iku' } }),
];

const read = (text: string, format?: TimingFormat) => readTimings(text, format ? { format } : {});

describe('translations in TTML', () => {
  it('round-trips line translations and word readings (Apple transliterations)', () => {
    const text = writeTimings(song, 'ttml');
    expect(text).toContain('<span ttm:role="x-translation" xml:lang="de">Hallo</span>');
    expect(text).toContain('<transliteration xml:lang="ja-Latn"><text for="L2">');
    const back = read(text);
    expect(translationsOf(back.items)).toEqual(translationsOf(song));
    expect(back.warnings).toEqual([]);
  });

  it('reads AMLL lines: x-translation and x-roman (under <lang>-Latn)', () => {
    const ttml = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="ja"><body><div>
<p begin="00:01.000" end="00:03.000"><span begin="00:01.000" end="00:02.000">東京</span><span begin="00:02.000" end="00:03.000">へ</span><span ttm:role="x-translation" xml:lang="zh-CN">去东京</span><span ttm:role="x-roman">tōkyō e</span></p>
</div></body></tt>`;
    const back = read(ttml);
    expect(back.items[0]?.translations).toEqual({
      'zh-CN': { text: '去东京' },
      'ja-Latn': { text: 'tōkyō e' },
    });
    // And written back as x-roman.
    expect(writeTimings(back.items, 'ttml')).toContain(
      '<span ttm:role="x-roman" xml:lang="ja-Latn">tōkyō e</span>',
    );
  });

  it("reads Apple's iTunesMetadata translations and word-timed transliterations", () => {
    const ttml = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:itunes="http://music.apple.com/lyric-ttml-internal" xml:lang="ko"><head><metadata>
<iTunesMetadata xmlns="http://music.apple.com/lyric-ttml-internal">
<translations><translation type="subtitle" xml:lang="en"><text for="L1">I love you</text></translation></translations>
<transliterations><transliteration xml:lang="ko-Latn"><text for="L1"><span begin="1.0" end="1.5">sa</span><span begin="1.5" end="2.0">rang</span> <span begin="2.0" end="3.0">hae</span></text></transliteration></transliterations>
</iTunesMetadata></metadata></head><body><div>
<p begin="1.0" end="3.0" itunes:key="L1"><span begin="1.0" end="1.5">사</span><span begin="1.5" end="2.0">랑</span> <span begin="2.0" end="3.0">해</span></p>
</div></body></tt>`;
    const back = read(ttml);
    const byPos = back.items.map((x) => [x.word, x.subword, x.translations]);
    expect(byPos).toEqual([
      [0, 0, { en: { text: 'I love you' }, 'ko-Latn': { text: 'sarang' } }],
      [0, 1, undefined],
      [1, 0, { 'ko-Latn': { text: 'hae' } }],
    ]);
  });
});

describe('translations in line formats', () => {
  it('LRC: a second line with the same stamp, read back as "und"', () => {
    const text = writeTimings(song, 'lrc');
    expect(text).toContain('[00:01.00]Hello world\n[00:01.00]Hallo\n');
    const back = read(text, 'lrc');
    expect(back.items.filter((x) => x.translations).map((x) => x.translations)).toEqual([
      { und: { text: 'Hallo' } },
      { und: { text: 'Tokio / tōkyō e iku' } },
    ]);
  });

  it('ASS: one style per language, read back with its key', () => {
    const text = writeTimings(song, 'ass');
    expect(text).toContain('Style: Translation-de,');
    expect(text).toContain(',Translation-ja-Latn,,0,0,0,,tōkyō e iku');
    const back = read(text, 'ass');
    expect(back.items.filter((x) => x.translations).map((x) => x.translations)).toEqual([
      { de: { text: 'Hallo' } },
      { de: { text: 'Tokio' }, 'ja-Latn': { text: 'tōkyō e iku' } },
    ]);
    expect(back.warnings).toEqual([]);
  });

  it('WebVTT: <lang> lines keep their key; SRT: italic lines are "und"', () => {
    const vtt = writeTimings(song, 'vtt');
    expect(vtt).toContain('<lang de>Hallo</lang>');
    expect(
      read(vtt, 'vtt')
        .items.filter((x) => x.translations)
        .map((x) => x.translations),
    ).toEqual([
      { de: { text: 'Hallo' } },
      { de: { text: 'Tokio' }, 'ja-Latn': { text: 'tōkyō e iku' } },
    ]);
    const srt = writeTimings(song, 'srt');
    expect(srt).toContain('Hello world\n<i>Hallo</i>\n');
    const back = read(srt, 'srt');
    expect(back.items.map((x) => x.text).join(' ')).toBe('Hello world 東京 へ 行く');
    expect(back.items[0]?.translations).toEqual({ und: { text: 'Hallo' } });
  });

  it('SRT: two plain lines of a cue are still one lyric line', () => {
    const back = read('1\n00:00:01,000 --> 00:00:02,000\nfirst half\nsecond half\n', 'srt');
    expect(back.items.map((x) => x.text)).toEqual(['first', 'half', 'second', 'half']);
    expect(back.items.some((x) => x.translations)).toBe(false);
  });

  it('JSON keeps the items as they are', () => {
    expect(read(writeTimings(song, 'json'), 'json').items).toEqual(song);
  });

  it('names what a format cannot carry', () => {
    expect(translationLosses(song, 'ttml')).toEqual([]);
    expect(translationLosses(song, 'json')).toEqual([]);
    expect(translationLosses(song, 'ultrastar')).toEqual([
      'UltraStar has no translations: de, ja-Latn not written.',
    ]);
    expect(translationLosses(song, 'vtt')).toEqual([
      'WebVTT has no word readings: ja-Latn written per line.',
    ]);
    expect(translationLosses(song, 'lrc')[0]).toMatch(/no language names/);
    expect(
      translationLosses(
        song.map((x) => ({ ...x, translations: undefined })),
        'lrc',
      ),
    ).toEqual([]);
  });
});

describe('property: line translations survive every format that has them', () => {
  const text = fc
    .stringMatching(/^[a-zA-Zäöü漢字][a-zA-Zäöü漢字 ,.!?]{0,20}[a-zA-Z.!]$/)
    .map((t) => t.replace(/\s+/g, ' '));
  it('TTML, VTT and ASS keep keys and texts; TTML keeps word readings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.option(text, { nil: undefined })), {
          minLength: 1,
          maxLength: 6,
        }),
        (lines) => {
          const items: AlignmentItem[] = lines.flatMap(([de, roman], n) => [
            w(n, 0, n * 2, `a${n}`, { de: { text: de.trim() } }),
            w(
              n,
              1,
              n * 2 + 0.5,
              `b${n}`,
              roman ? { 'ja-Latn': { text: roman.trim() } } : undefined,
            ),
          ]);
          for (const format of ['ttml', 'vtt', 'ass'] as const) {
            const back = read(writeTimings(items, format), format).items;
            const got = back.map((x) => x.translations?.de?.text).filter(Boolean);
            expect(got, format).toEqual(lines.map(([de]) => de.trim().replace(/\s+/g, ' ')));
          }
          const ttml = read(writeTimings(items, 'ttml'), 'ttml').items;
          expect(translationsOf(ttml)).toEqual(translationsOf(items));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('TTML word romanization inline', () => {
  it('a word span holding its own x-roman: a reading of that word, not sung text', () => {
    const ttml = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="ja"><body><div><p begin="1.000" end="3.000">
<span begin="1.000" end="2.000">君<span ttm:role="x-roman">kimi</span></span> <span begin="2.000" end="3.000">色<span ttm:role="x-roman">iro</span></span>
</p></div></body></tt>`;
    const back = read(ttml);
    expect(back.items.map((x) => [x.text, x.translations])).toEqual([
      ['君', { 'ja-Latn': { text: 'kimi' } }],
      ['色', { 'ja-Latn': { text: 'iro' } }],
    ]);
  });
});
