import type { AlignmentItem } from '../contract';

/** A line as the writers see it: its items in lyric order, split into words. */
export interface OutLine {
  start: number;
  end: number;
  singer: number | undefined;
  words: AlignmentItem[][];
  /** Language -> text, from any item of the line (the readers put them on the first). */
  translations: Record<string, string>;
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
      for (const [lang, t] of Object.entries(item.translations)) {
        if (!(lang in current.translations) && t.text) current.translations[lang] = t.text;
      }
    }
  }
  return lines.sort((a, b) => a.start - b.start || a.index - b.index);
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
