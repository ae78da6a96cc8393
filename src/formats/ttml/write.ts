import type { AlignmentItem } from '../../contract';
import { groupLines, languagesOf, singersOf, type OutLine } from '../group';
import { isRomanization } from '../languages';
import { formatClockMs } from '../time';
import type { WriteOptions } from '../types';

/**
 * Apple-style word-timed TTML: one `<p>` per line with an `itunes:key` and a `ttm:agent` (v1, v2…
 * declared in the head when there are several singers), one `<span begin end>` per syllable with
 * no whitespace between the syllables of a word and one space between words, translations as
 * `<span ttm:role="x-translation" xml:lang>` (what AMLL reads), line romanizations (`*-Latn`
 * keys) as `x-roman` spans, word readings as Apple's `<iTunesMetadata>` `<transliterations>` (or
 * `<translations>`) with a timed `<span>` per word. Times are TTML clock values, ms.
 */
const SPECIAL = /[&<>"]/;
const escapeXml = (text: string) =>
  SPECIAL.test(text)
    ? text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
    : text;
const t = (seconds: number) => formatClockMs(seconds);

export function writeTtml(items: readonly AlignmentItem[], options: WriteOptions = {}): string {
  const lines = groupLines(items);
  const singers = singersOf(lines);
  const duet = singers.length > 1;
  const lang = options.language ? ` xml:lang="${escapeXml(options.language)}"` : '';
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:itunes="http://music.apple.com/lyric-ttml-internal" itunes:timing="Word"${lang}>`,
    '<head><metadata>',
  ];
  if (options.title) out.push(`<ttm:title>${escapeXml(options.title)}</ttm:title>`);
  const agents = duet ? Array.from({ length: singers[singers.length - 1]! + 1 }, (_, i) => i) : [0];
  for (const a of agents) out.push(`<ttm:agent type="person" xml:id="v${a + 1}"/>`);
  out.push(...wordReadingsInHead(lines));
  out.push('</metadata></head>');
  const end = lines.reduce((m, l) => Math.max(m, l.end), 0);
  const begin = lines.length > 0 ? lines[0]!.start : 0;
  out.push(`<body dur="${t(end)}"><div begin="${t(begin)}" end="${t(end)}">`);
  lines.forEach((line, i) => {
    const agent = `v${duet && line.singer !== undefined ? line.singer + 1 : 1}`;
    const words = line.words.map((word) =>
      word
        .map(
          (x) =>
            `<span begin="${t(x.start)}" end="${t(Math.max(x.start, x.end))}">${escapeXml(x.text)}</span>`,
        )
        .join(''),
    );
    const translations = Object.entries(line.translations)
      .filter(([l]) => !(l in line.readings))
      .map(
        ([l, text]) =>
          `<span ttm:role="${isRomanization(l) ? 'x-roman' : 'x-translation'}" xml:lang="${escapeXml(l)}">${escapeXml(text)}</span>`,
      );
    out.push(
      `<p begin="${t(line.start)}" end="${t(line.end)}" itunes:key="L${i + 1}" ttm:agent="${agent}">${words.join(' ')}${translations.join('')}</p>`,
    );
  });
  out.push('</div></body></tt>');
  return out.join('\n') + '\n';
}

/**
 * Word readings (ADR 0017) in the head, Apple style: per language a `<transliteration>` (Latin
 * keys) or `<translation>` block with a `<text for="L<n>">` per line and a `<span>` per word at
 * the word's times. Nothing when no line has word readings.
 */
function wordReadingsInHead(lines: readonly OutLine[]): string[] {
  const langs = languagesOf(lines).filter((l) => lines.some((line) => l in line.readings));
  if (langs.length === 0) return [];
  const blocks = (roman: boolean) =>
    langs
      .filter((l) => isRomanization(l) === roman)
      .map((l) => {
        const texts: string[] = [];
        lines.forEach((line, i) => {
          const readings = line.readings[l];
          if (!readings) return;
          const spans = line.words
            .map((word, w) => {
              const text = readings[w];
              if (!text) return '';
              const begin = Math.min(...word.map((x) => x.start));
              const end = Math.max(...word.map((x) => x.end));
              return `<span begin="${t(begin)}" end="${t(Math.max(begin, end))}">${escapeXml(text)}</span>`;
            })
            .filter(Boolean);
          texts.push(`<text for="L${i + 1}">${spans.join(' ')}</text>`);
        });
        const tag = roman ? 'transliteration' : 'translation';
        return `<${tag} xml:lang="${escapeXml(l)}">${texts.join('')}</${tag}>`;
      });
  const roman = blocks(true);
  const other = blocks(false);
  return [
    '<iTunesMetadata xmlns="http://music.apple.com/lyric-ttml-internal">',
    ...(other.length ? ['<translations>', ...other, '</translations>'] : []),
    ...(roman.length ? ['<transliterations>', ...roman, '</transliterations>'] : []),
    '</iTunesMetadata>',
  ];
}
