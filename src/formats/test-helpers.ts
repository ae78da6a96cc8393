import type { AlignmentItem } from '../contract';

/** Test helper: items as `line/word/subword start-end text` rows, times to the ms. */
export function rows(items: readonly AlignmentItem[]): string[] {
  return items.map(
    (x) => `${x.line}/${x.word}/${x.subword} ${x.start.toFixed(3)}-${x.end.toFixed(3)} ${x.text}`,
  );
}

/** Words of items as text (sub-words joined), in lyric order. */
export function wordsOf(items: readonly AlignmentItem[]): string[] {
  const sorted = items
    .slice()
    .sort((a, b) => a.line - b.line || a.word - b.word || a.subword - b.subword);
  const out: string[] = [];
  let key = '';
  for (const x of sorted) {
    const k = `${x.line}/${x.word}`;
    if (k === key) out[out.length - 1] += x.text;
    else out.push(x.text);
    key = k;
  }
  return out;
}
