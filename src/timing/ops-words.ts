import type { AlignmentItem } from '../contract';
import { EMPTY_CHANGE, type Change } from './change';
import { forEachItem, getItem, type TimingDoc } from './doc';
import { compareLyric, keyOf, reviseItem, withTimes } from './item-key';
import type { SplitInto } from './op-types';
import { itemsOf } from './ops-time';

/** Items of one line in lyric order. A full scan: lines are not indexed (edits are rare). */
export function lineItems(doc: TimingDoc, line: number): AlignmentItem[] {
  const out: AlignmentItem[] = [];
  forEachItem(doc, 0, doc.size, (x) => {
    if (x.line === line) out.push(x);
  });
  return out.sort(compareLyric);
}

/**
 * A change that replaces `removed` by `added`; `estimated` are the added keys whose timing is
 * guessed. Renumbered items carry their flag to their new key.
 */
export function wordChange(
  doc: TimingDoc,
  removed: AlignmentItem[],
  added: AlignmentItem[],
  estimated: readonly string[] = [],
  carried: readonly [AlignmentItem, AlignmentItem][] = [],
): Change {
  const on = new Set(estimated);
  for (const [from, to] of carried) if (doc.estimated.has(keyOf(from))) on.add(keyOf(to));
  const addedKeys = new Set(added.map(keyOf));
  return {
    removed,
    added,
    estimatedOff: removed.map(keyOf).filter((k) => doc.estimated.has(k) && !on.has(k)),
    estimatedOn: [...on].filter((k) => addedKeys.has(k) && !doc.estimated.has(k)),
  };
}

const zip = (a: AlignmentItem[], b: AlignmentItem[]) =>
  a.map((x, i) => [x, b[i] as AlignmentItem] as [AlignmentItem, AlignmentItem]);

/** Renumbers: moves items for which `renumber` returns a new position; keeps the rest. */
function renumbered(
  items: readonly AlignmentItem[],
  renumber: (x: AlignmentItem) => Pick<AlignmentItem, 'word' | 'subword'> | null,
): [AlignmentItem[], AlignmentItem[]] {
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  for (const x of items) {
    const pos = renumber(x);
    if (pos && (pos.word !== x.word || pos.subword !== x.subword)) {
      removed.push(x);
      added.push(reviseItem(x, pos));
    }
  }
  return [removed, added];
}

/**
 * Splits a word's text after `at` characters; the time defaults to the same fraction of its span
 * (estimated). The two parts share the word's span. `into: 'subwords'`: the second part is the
 * next sub-word of the same word (sung as one word); `'words'`: it is a word of its own, taking
 * the word's later sub-words with it, and the line's later words move up by one.
 */
export function split(
  doc: TimingDoc,
  key: string,
  at: number,
  time?: number,
  into: SplitInto = 'subwords',
): Change {
  const item = getItem(doc, key);
  if (!item || at <= 0 || at >= item.text.length) return EMPTY_CHANGE;
  const guessed = time === undefined;
  const t = Math.max(
    item.start,
    Math.min(item.end, time ?? item.start + ((item.end - item.start) * at) / item.text.length),
  );
  const asWord = into === 'words';
  const later = lineItems(doc, item.line).filter(
    (x) => (x.word === item.word && x.subword > item.subword) || (asWord && x.word > item.word),
  );
  const [moved, movedTo] = renumbered(later, (x) =>
    !asWord
      ? { word: x.word, subword: x.subword + 1 }
      : x.word === item.word
        ? { word: x.word + 1, subword: x.subword - item.subword }
        : { word: x.word + 1, subword: x.subword },
  );
  const first = reviseItem(item, { text: item.text.slice(0, at), end: t });
  const second = reviseItem(item, {
    id: undefined,
    word: asWord ? item.word + 1 : item.word,
    subword: asWord ? 0 : item.subword + 1,
    start: t,
    text: item.text.slice(at),
    translations: undefined,
  });
  const flagged = guessed ? [keyOf(first), keyOf(second)] : [];
  return wordChange(
    doc,
    [item, ...moved],
    [first, second, ...movedTo],
    flagged,
    zip(moved, movedTo),
  );
}

/** Removes the items of `keys` and adds `items` in one change (none of them estimated). */
export function replaceItems(
  doc: TimingDoc,
  keys: readonly string[],
  items: readonly AlignmentItem[],
): Change {
  const removed = itemsOf(doc, keys);
  if (!removed.length && !items.length) return EMPTY_CHANGE;
  const added = items.map((x) => {
    const start = Math.max(0, Math.min(doc.duration, x.start));
    return withTimes(x, start, Math.max(start, Math.min(doc.duration, x.end)));
  });
  return wordChange(doc, removed, added);
}

/** Merges a run of adjacent items of one line (lyric order) into the first; texts join as is. */
export function mergeWords(doc: TimingDoc, keys: readonly string[]): Change {
  const items = itemsOf(doc, keys).sort(compareLyric);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last || items.length < 2 || items.some((x) => x.line !== first.line)) {
    return EMPTY_CHANGE;
  }
  const line = lineItems(doc, first.line);
  const from = line.indexOf(first);
  const run = line.slice(from, from + items.length);
  if (run.some((x, i) => x !== items[i])) return EMPTY_CHANGE; // not adjacent
  const merged = reviseItem(first, {
    text: items.map((x) => x.text).join(''),
    start: Math.min(...items.map((x) => x.start)),
    end: Math.max(...items.map((x) => x.end)),
    translations: joinedReadings(items),
  });
  const wordShift = last.word - first.word;
  const rest = line.slice(from + items.length);
  const [moved, movedTo] = renumbered(rest, (x) =>
    x.word === last.word
      ? { word: first.word, subword: first.subword + x.subword - last.subword }
      : { word: x.word - wordShift, subword: x.subword },
  );
  return wordChange(doc, [...items, ...moved], [merged, ...movedTo], [], zip(moved, movedTo));
}

/**
 * The translations of words merged into one: the first item's, and a word-level reading (a
 * language another item of the run carries) joined from the run's readings as the texts are.
 */
function joinedReadings(items: readonly AlignmentItem[]): AlignmentItem['translations'] {
  const first = items[0]?.translations;
  const langs = new Set<string>();
  for (const x of items.slice(1)) if (x.translations) for (const k in x.translations) langs.add(k);
  if (langs.size === 0) return first;
  const out: NonNullable<AlignmentItem['translations']> = { ...first };
  for (const lang of langs) {
    const parts = items.map((x) => x.translations?.[lang]).filter((t) => t !== undefined);
    out[lang] = {
      text: parts.map((t) => t.text).join(''),
      ...(parts.some((t) => t.editedManually) ? { editedManually: true } : {}),
    };
  }
  return out;
}

export function insertItems(
  doc: TimingDoc,
  items: readonly AlignmentItem[],
  estimated = false,
): Change {
  const clamped = items.map((x) => {
    const start = Math.max(0, Math.min(doc.duration, x.start));
    return withTimes(x, start, Math.max(start, Math.min(doc.duration, x.end)));
  });
  return wordChange(doc, [], clamped, estimated ? clamped.map(keyOf) : []);
}

/** Inserts a word after another in its line, in the gap before the next word (estimated). */
export function insertWord(doc: TimingDoc, afterKey: string, text: string): Change {
  const after = getItem(doc, afterKey);
  if (!after || !text) return EMPTY_CHANGE;
  const line = lineItems(doc, after.line);
  const later = line.filter((x) => x.word > after.word);
  const nextStart = later[0]?.start ?? after.end;
  const start = after.end;
  const end = Math.max(start, nextStart);
  const [moved, movedTo] = renumbered(later, (x) => ({ word: x.word + 1, subword: x.subword }));
  const item: AlignmentItem = {
    line: after.line,
    word: after.word + 1,
    subword: 0,
    start,
    end,
    text,
    ...(after.singer === undefined ? {} : { singer: after.singer }),
  };
  return wordChange(doc, moved, [item, ...movedTo], [keyOf(item)], zip(moved, movedTo));
}

/** Deletes items; other words keep their numbers (gaps in numbering are allowed). */
export function deleteItems(doc: TimingDoc, keys: readonly string[]): Change {
  return wordChange(doc, itemsOf(doc, keys), []);
}

export function setText(doc: TimingDoc, key: string, text: string): Change {
  const item = getItem(doc, key);
  if (!item || item.text === text) return EMPTY_CHANGE;
  return {
    removed: [item],
    added: [reviseItem(item, { text })],
    estimatedOff: [],
    estimatedOn: [],
  };
}

export function setSinger(
  doc: TimingDoc,
  keys: readonly string[],
  singer: number | undefined,
): Change {
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  for (const item of itemsOf(doc, keys)) {
    if (item.singer === singer) continue;
    removed.push(item);
    added.push(reviseItem(item, { singer }));
  }
  return { removed, added, estimatedOff: [], estimatedOn: [] };
}

export function setTranslation(
  doc: TimingDoc,
  key: string,
  lang: string,
  text: string | null,
): Change {
  const item = getItem(doc, key);
  if (!item) return EMPTY_CHANGE;
  const { [lang]: _old, ...others } = item.translations ?? {};
  const translations =
    text === null ? others : { ...others, [lang]: { text, editedManually: true } };
  const next = reviseItem(item, {
    translations: Object.keys(translations).length ? translations : undefined,
  });
  return { removed: [item], added: [next], estimatedOff: [], estimatedOn: [] };
}
