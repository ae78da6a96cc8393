import type { AlignmentItem } from '../contract';
import { EMPTY_CHANGE, type Change } from './change';
import type { TimingDoc } from './doc';
import { keyOf, reviseItem, withTimes } from './item-key';
import { lineItems, wordChange } from './ops-words';

interface OldWord {
  readonly items: AlignmentItem[];
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

interface NewWord {
  items: AlignmentItem[];
  estimated: boolean;
}

function groupWords(items: readonly AlignmentItem[]): OldWord[] {
  const words: AlignmentItem[][] = [];
  for (const item of items) {
    const last = words[words.length - 1];
    if (last && last[0]?.word === item.word) last.push(item);
    else words.push([item]);
  }
  return words.map((w) => ({
    items: w,
    text: w.map((x) => x.text).join(''),
    start: Math.min(...w.map((x) => x.start)),
    end: Math.max(...w.map((x) => x.end)),
  }));
}

/** Longest common subsequence of word texts: pairs of [old index, new index]. */
function commonWords(a: readonly string[], b: readonly string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i] as number[];
      const below = table[i + 1] as number[];
      row[j] =
        a[i] === b[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/** One new word timed over [start, end], based on `like` (id, singer, translations). */
function made(like: AlignmentItem, text: string, start: number, end: number): AlignmentItem {
  return reviseItem(like, { text, start, end, subword: 0 });
}

/** Spreads texts over [start, end] by character count. */
function spread(
  like: AlignmentItem,
  texts: readonly string[],
  start: number,
  end: number,
): NewWord[] {
  const total = texts.reduce((sum, t) => sum + t.length, 0) || 1;
  let at = start;
  return texts.map((text) => {
    const next = at + ((end - start) * text.length) / total;
    const { id: _id, translations: _t, ...plain } = like;
    const word = { items: [made(plain, text, at, next)], estimated: true };
    at = next;
    return word;
  });
}

/**
 * New text for a line that keeps timing: unchanged words keep their items, replaced words inherit
 * the old word's time, inserted words are spread over the old word or gap they land in (and
 * flagged estimated), deleted words give their span to the word before them (else after them).
 */
export function setLineText(doc: TimingDoc, line: number, text: string): Change {
  const items = lineItems(doc, line);
  const firstItem = items[0];
  if (!firstItem) return EMPTY_CHANGE;
  const old = groupWords(items);
  const texts = text.trim().split(/\s+/).filter(Boolean);
  const anchors = [
    ...commonWords(
      old.map((w) => w.text),
      texts,
    ),
    [old.length, texts.length],
  ];
  const out: NewWord[] = [];
  let i = 0;
  let j = 0;
  let giveBack: number | null = null; // start of a deleted span with no word before it
  for (const [ai, aj] of anchors as [number, number][]) {
    const hunkOld = old.slice(i, ai);
    const hunkNew = texts.slice(j, aj);
    const prevEnd = out[out.length - 1]?.items.at(-1)?.end ?? old[0]?.start ?? 0;
    const nextStart = old[ai]?.start ?? Math.max(prevEnd, old.at(-1)?.end ?? prevEnd);
    const like = hunkOld[0]?.items[0] ?? out.at(-1)?.items[0] ?? firstItem;
    if (hunkNew.length === 0 && hunkOld.length > 0) {
      const lastNew = out[out.length - 1];
      const spanEnd = hunkOld.at(-1)?.end ?? prevEnd;
      const lastItem = lastNew?.items.at(-1);
      if (lastNew && lastItem)
        lastNew.items[lastNew.items.length - 1] = {
          ...lastItem,
          end: Math.max(lastItem.end, spanEnd),
        };
      else giveBack = hunkOld[0]?.start ?? null;
    } else if (hunkOld.length === 0) {
      out.push(...spread(like, hunkNew, prevEnd, Math.max(prevEnd, nextStart)));
    } else {
      const keep = Math.min(hunkOld.length, hunkNew.length) - 1;
      for (let k = 0; k < keep; k++) {
        const w = hunkOld[k] as OldWord;
        out.push({
          items: [made(w.items[0] as AlignmentItem, hunkNew[k] as string, w.start, w.end)],
          estimated: false,
        });
      }
      const tailOld = hunkOld.slice(keep);
      const tailNew = hunkNew.slice(keep);
      // Lyric order is not always time order: take the hull of the words replaced.
      const start = tailOld.length ? Math.min(...tailOld.map((w) => w.start)) : prevEnd;
      const end = Math.max(start, ...tailOld.map((w) => w.end));
      const tailLike = tailOld[0]?.items[0] ?? like;
      if (tailNew.length === 1)
        out.push({ items: [made(tailLike, tailNew[0] as string, start, end)], estimated: false });
      else out.push(...spread(tailLike, tailNew, start, end));
    }
    const anchor = old[ai];
    if (anchor) {
      const items = anchor.items.slice();
      const head = items[0] as AlignmentItem;
      if (giveBack !== null) items[0] = withTimes(head, Math.min(head.start, giveBack), head.end);
      giveBack = null;
      out.push({ items, estimated: false });
    }
    i = ai + 1;
    j = aj + 1;
  }
  return toChange(doc, items, out);
}

function toChange(
  doc: TimingDoc,
  before: readonly AlignmentItem[],
  words: readonly NewWord[],
): Change {
  const base = before[0]?.word ?? 0;
  const after: AlignmentItem[] = [];
  const flagged: string[] = [];
  words.forEach((w, k) => {
    for (const x of w.items) {
      const item = x.word === base + k ? x : reviseItem(x, { word: base + k });
      after.push(item);
      if (w.estimated || (before.includes(x) && doc.estimated.has(keyOf(x))))
        flagged.push(keyOf(item));
    }
  });
  const kept = new Set(after);
  return wordChange(
    doc,
    before.filter((x) => !kept.has(x)),
    after.filter((x) => !before.includes(x)),
    flagged,
  );
}
