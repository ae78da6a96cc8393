import type { AlignmentItem } from '../contract';

/** A line as the writers see it: its items in lyric order, split into words. */
export interface OutLine {
  start: number;
  end: number;
  singer: number | undefined;
  words: AlignmentItem[][];
  /**
   * Language -> the line's text in it: the translation on its first item, or the word readings
   * joined by spaces when the language is word-level in this line (ADR 0017).
   */
  translations: Record<string, string>;
  /** Word-level languages of the line: language -> one reading per word ('' when none). */
  readings: Record<string, string[]>;
}

/** Groups items by `line`, words by `word`; lines in time order (ties by line index). */
const lyricOrder = (a: AlignmentItem, b: AlignmentItem) =>
  a.line - b.line || a.word - b.word || a.subword - b.subword || a.start - b.start;

export function groupLines(items: readonly AlignmentItem[]): OutLine[] {
  // Items usually come in lyric order already (the editor's and the readers' are): check first.
  let inOrder = true;
  for (let i = 1; i < items.length && inOrder; i++)
    inOrder = lyricOrder(items[i - 1]!, items[i]!) <= 0;
  const sorted = inOrder ? items : items.slice().sort(lyricOrder);
  const lines: (OutLine & { index: number })[] = [];
  let current: (OutLine & { index: number }) | undefined;
  let lastWord = NaN;
  for (const item of sorted) {
    if (!current || current.index !== item.line) {
      current = {
        index: item.line,
        start: item.start,
        end: item.end,
        singer: item.singer,
        words: [],
        translations: {},
        readings: {},
      };
      lines.push(current);
      lastWord = NaN;
    }
    if (item.word !== lastWord) {
      current.words.push([]);
      lastWord = item.word;
    }
    current.words[current.words.length - 1]!.push(item);
    if (item.start < current.start) current.start = item.start;
    if (item.end > current.end) current.end = item.end;
    if (item.translations) {
      const head = current.words.length === 1 && current.words[0]!.length === 1;
      for (const [lang, t] of Object.entries(item.translations)) {
        if (head) {
          if (t.text) current.translations[lang] = t.text;
          continue;
        }
        // Another item carries it: word-level in this line (the head's is the first word's).
        const readings = (current.readings[lang] ??= []);
        readings[current.words.length - 1] = readings[current.words.length - 1]
          ? readings[current.words.length - 1] + t.text
          : t.text;
      }
    }
  }
  for (const line of lines) {
    for (const lang in line.readings) finishReadings(line, lang);
  }
  return lines.sort((a, b) => a.start - b.start || a.index - b.index);
}

/** A word-level language: the head's text is the first word's reading; the line text joins them. */
function finishReadings(line: OutLine, lang: string): void {
  const got = line.readings[lang]!;
  const readings = line.words.map((_, i) => got[i] ?? '');
  const first = line.words[0]?.[0]?.translations?.[lang]?.text;
  if (first !== undefined) readings[0] = first + readings[0]!;
  line.readings[lang] = readings;
  const text = readings.filter((r) => r !== '').join(' ');
  if (text) line.translations[lang] = text;
  else delete line.translations[lang];
}

/** Languages of the lines (line or word level), sorted. */
export function languagesOf(lines: readonly OutLine[]): string[] {
  const set = new Set<string>();
  for (const line of lines) for (const lang in line.translations) set.add(lang);
  return [...set].sort();
}

/** The words of a line as text: sub-words joined, words separated by one space. */
export function lineText(line: OutLine): string {
  return line.words.map((w) => w.map((x) => x.text).join('')).join(' ');
}

/** Singers present in the items, sorted; an empty list when none is set. */
export function singersOf(lines: readonly OutLine[]): number[] {
  const set = new Set<number>();
  for (const line of lines) if (line.singer !== undefined) set.add(line.singer);
  return [...set].sort((a, b) => a - b);
}

/** Item text is free text; the formats' own line breaks and tabs become spaces. */
export function oneLine(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 10 || c === 9) return text.replace(/[\r\n\t]+/g, ' ');
  }
  return text;
}
