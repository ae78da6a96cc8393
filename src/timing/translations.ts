import type { AlignmentItem, Translation } from '../contract';
import { EMPTY_CHANGE, type Change } from './change';
import { forEachItem, type Chunk, type TimingDoc } from './doc';
import { compareLyric, keyOf, reviseItem } from './item-key';
import { derivedFrom } from './lineage';
import { issue, type ValidationIssue } from './validate-issue';

/*
 * Translations and romanizations (ADR 0017). A line's translation in language L is held on the
 * line's first item in lyric order (its "head"); a word-level reading (romanization of CJK
 * lyrics) is held on each word's first sub-word. A language is word-level in a line when an item
 * other than the head carries it. A romanization is a translation under a key with the Latin
 * script subtag (`ja-Latn`), so items need no field outside the spec.
 */

type Translations = NonNullable<AlignmentItem['translations']>;

/** A romanization: a key whose script subtag is Latn (`ja-Latn`, `ko-Latn-KR`). */
export function isRomanization(key: string): boolean {
  return /^[a-z]{2,8}(?:-[a-z]{3}){0,3}-latn(?:-|$)/i.test(key);
}

/** The romanization key of a language (`ja` -> `ja-Latn`; unknown -> `und-Latn`). */
export function romanizationOf(lang: string | undefined): string {
  const primary = (lang ?? '').split('-')[0]?.toLowerCase() || 'und';
  return `${/^[a-z]{2,8}$/.test(primary) ? primary : 'und'}-Latn`;
}

/** The head of a line (items in lyric order): the item a line translation sits on. */
export const lineHead = (items: readonly AlignmentItem[]): AlignmentItem | undefined => items[0];

/** 'line' (only the head carries it), 'words' (another item does) or null (nobody does). */
export function translationLevel(
  items: readonly AlignmentItem[],
  lang: string,
): 'line' | 'words' | null {
  let head = false;
  for (let i = 0; i < items.length; i++) {
    if ((items[i] as AlignmentItem).translations?.[lang] === undefined) continue;
    if (i > 0) return 'words';
    head = true;
  }
  return head ? 'line' : null;
}

/** Word readings of a line in `lang`: per word (first sub-word), the text or ''. */
export function wordReadings(items: readonly AlignmentItem[], lang: string): string[] {
  const out: string[] = [];
  let last: number | undefined;
  for (const x of items) {
    if (x.word === last && out.length) continue;
    last = x.word;
    out.push(x.translations?.[lang]?.text ?? '');
  }
  return out;
}

/**
 * The line's translation in `lang` as one text: the head's, or the word readings joined by
 * spaces when the language is word-level in this line.
 */
export function lineTranslation(items: readonly AlignmentItem[], lang: string): string | undefined {
  const level = translationLevel(items, lang);
  if (level === null) return undefined;
  if (level === 'line') return items[0]?.translations?.[lang]?.text;
  return wordReadings(items, lang)
    .filter((t) => t !== '')
    .join(' ');
}

/** Every language key of the line's items (sorted). */
export function lineLanguages(items: readonly AlignmentItem[]): string[] {
  const out = new Set<string>();
  for (const x of items) if (x.translations) for (const k in x.translations) out.add(k);
  return [...out].sort();
}

/** `translations` with `lang` set to `value` (removed when undefined); undefined when empty. */
export function withTranslation(
  translations: AlignmentItem['translations'],
  lang: string,
  value: Translation | undefined,
): AlignmentItem['translations'] {
  const { [lang]: _old, ...others } = translations ?? {};
  const next: Translations = value === undefined ? others : { ...others, [lang]: value };
  return Object.keys(next).length ? next : undefined;
}

const sameValue = (a: Translation | undefined, b: Translation | undefined) =>
  a === b || (!!a && !!b && a.text === b.text && a.editedManually === b.editedManually);

/** Items of the given lines, by line, in lyric order: one pass over the document. */
export function itemsOfLines(
  doc: TimingDoc,
  lines: ReadonlySet<number>,
): Map<number, AlignmentItem[]> {
  const out = new Map<number, AlignmentItem[]>();
  if (lines.size === 0) return out;
  forEachItem(doc, 0, doc.size, (x) => {
    if (!lines.has(x.line)) return;
    const list = out.get(x.line);
    if (list) list.push(x);
    else out.set(x.line, [x]);
  });
  for (const list of out.values()) list.sort(compareLyric);
  return out;
}

/**
 * Keeps the line translations of the lines a change restructures (text edit, delete, merge):
 * a language held on the old head only is moved to the new head (the first word was deleted or
 * words were inserted before it) and taken off any other item that inherited it. Word-level
 * readings stay on their words.
 */
export function carryLineTranslations(doc: TimingDoc, change: Change): Change {
  if (change.removed.length === 0) return change;
  const touched = new Set<number>();
  for (const x of change.removed) if (x.translations) touched.add(x.line);
  if (touched.size === 0) return change;
  const before = itemsOfLines(doc, touched);
  const removed = new Set(change.removed);
  const added = change.added.slice();
  const extraRemoved: AlignmentItem[] = [];
  const addedAt = new Map<AlignmentItem, number>();
  added.forEach((x, i) => addedAt.set(x, i));
  for (const [line, items] of before) {
    const head = items[0];
    if (!head?.translations) continue;
    const carried = Object.keys(head.translations).filter(
      (lang) => translationLevel(items, lang) === 'line',
    );
    if (carried.length === 0) continue;
    const after = [
      ...items.filter((x) => !removed.has(x)),
      ...added.filter((x) => x.line === line),
    ].sort(compareLyric);
    after.forEach((x, i) => {
      let next = x;
      for (const lang of carried) {
        const want = i === 0 ? head.translations?.[lang] : undefined;
        if (!sameValue(next.translations?.[lang], want))
          next = reviseItem(next, {
            translations: withTranslation(next.translations, lang, want),
          });
      }
      if (next === x) return;
      const at = addedAt.get(x);
      if (at !== undefined) added[at] = next;
      else {
        extraRemoved.push(x);
        added.push(next);
      }
    });
  }
  if (extraRemoved.length === 0 && added.every((x, i) => x === change.added[i])) return change;
  return { ...change, removed: [...change.removed, ...extraRemoved], added };
}

/** Sets (or with null removes) the line translation of `line` in `lang`, on the line's head. */
export function setLineTranslation(
  doc: TimingDoc,
  line: number,
  lang: string,
  text: string | null,
): Change {
  const head = itemsOfLines(doc, new Set([line])).get(line)?.[0];
  if (!head) return EMPTY_CHANGE;
  const value = text === null ? undefined : { text, editedManually: true };
  if (sameValue(head.translations?.[lang], value)) return EMPTY_CHANGE;
  const next = reviseItem(head, {
    translations: withTranslation(head.translations, lang, value),
  });
  return { removed: [head], added: [next], estimatedOff: [], estimatedOn: [] };
}

/**
 * Renames the language `from` to `to` on every item (`to` null: removes the language). An item
 * that already has `to` keeps its own text. One change for the whole document.
 */
export function renameLanguage(doc: TimingDoc, from: string, to: string | null): Change {
  if (from === to) return EMPTY_CHANGE;
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  forEachItem(doc, 0, doc.size, (x) => {
    const value = x.translations?.[from];
    if (value === undefined) return;
    let translations = withTranslation(x.translations, from, undefined);
    if (to !== null && translations?.[to] === undefined)
      translations = withTranslation(translations, to, value);
    removed.push(x);
    added.push(reviseItem(x, { translations }));
  });
  return removed.length ? { removed, added, estimatedOff: [], estimatedOn: [] } : EMPTY_CHANGE;
}

// ---- Languages of a document (incremental) -------------------------------------------------

interface LanguageCount {
  readonly counts: ReadonlyMap<string, number>;
  readonly list: readonly string[];
}

const languageCache = new WeakMap<TimingDoc, LanguageCount>();

function countLanguages(doc: TimingDoc): Map<string, number> {
  const counts = new Map<string, number>();
  forEachItem(doc, 0, doc.size, (x) => {
    if (x.translations) for (const k in x.translations) counts.set(k, (counts.get(k) ?? 0) + 1);
  });
  return counts;
}

function listOf(counts: ReadonlyMap<string, number>, prev?: readonly string[]): readonly string[] {
  const list = [...counts.keys()].filter((k) => (counts.get(k) ?? 0) > 0).sort();
  return prev && prev.length === list.length && prev.every((k, i) => k === list[i]) ? prev : list;
}

/**
 * The language keys used by any item, sorted; the same array while the set does not change.
 * Follows the change from the version it was derived from (counts per language), so an edit
 * costs what it changed, not a pass over 100,000 items.
 */
export function translationLanguages(doc: TimingDoc): readonly string[] {
  const cached = languageCache.get(doc);
  if (cached) return cached.list;
  const link = derivedFrom(doc);
  const prev = link && languageCache.get(link.parent);
  let counts: Map<string, number>;
  if (prev && link) {
    counts = new Map(prev.counts);
    const bump = (items: readonly AlignmentItem[], by: number) => {
      for (const x of items)
        if (x.translations)
          for (const k in x.translations) counts.set(k, (counts.get(k) ?? 0) + by);
    };
    bump(link.change.removed, -1);
    bump(link.change.added, 1);
  } else counts = countLanguages(doc);
  const result = { counts, list: listOf(counts, prev?.list) };
  languageCache.set(doc, result);
  return result.list;
}

/**
 * The languages that are word-level in some line (an item other than its line's first carries
 * them): one pass over the document, for when the set of languages changes, not per edit.
 */
export function wordLevelLanguages(doc: TimingDoc): Set<string> {
  const heads = new Map<number, AlignmentItem>();
  forEachItem(doc, 0, doc.size, (x) => {
    const h = heads.get(x.line);
    if (!h || x.word < h.word || (x.word === h.word && x.subword < h.subword)) heads.set(x.line, x);
  });
  const out = new Set<string>();
  forEachItem(doc, 0, doc.size, (x) => {
    if (x.translations && heads.get(x.line) !== x) for (const k in x.translations) out.add(k);
  });
  return out;
}

// ---- Missing translations (validation) ------------------------------------------------------

interface LineSummary {
  start: number;
  key: string;
  langs: Set<string>;
}

const chunkSummaries = new WeakMap<Chunk, Map<number, LineSummary>>();

function summarise(chunk: Chunk): Map<number, LineSummary> {
  let out = chunkSummaries.get(chunk);
  if (out) return out;
  out = new Map();
  for (const x of chunk) {
    let s = out.get(x.line);
    if (!s) {
      s = { start: x.start, key: keyOf(x), langs: new Set() };
      out.set(x.line, s);
    }
    if (x.translations) for (const k in x.translations) s.langs.add(k);
  }
  chunkSummaries.set(chunk, out);
  return out;
}

/**
 * A warning per line that has no translation in one of `languages` (the languages the project
 * shows). Summaries are cached per chunk, and chunks are shared between versions, so after an
 * edit only the copied chunks are read again.
 */
export function missingTranslations(
  doc: TimingDoc,
  languages: readonly string[],
): ValidationIssue[] {
  if (languages.length === 0 || doc.size === 0) return [];
  const lines = new Map<number, LineSummary>();
  for (const chunk of doc.chunks) {
    for (const [line, s] of summarise(chunk)) {
      const seen = lines.get(line);
      if (!seen) lines.set(line, { start: s.start, key: s.key, langs: new Set(s.langs) });
      else for (const k of s.langs) seen.langs.add(k);
    }
  }
  const out: ValidationIssue[] = [];
  const seen = new Map<string, ValidationIssue>();
  for (const s of lines.values()) {
    const missing = languages.filter((k) => !s.langs.has(k));
    if (!missing.length) continue;
    // The same finding as last time is the same object: the validation result stays the same.
    const id = `${s.key}\u0000${s.start}\u0000${missing.join(',')}`;
    const found = lastFound.get(id) ?? {
      ...issue('missing-translation', [s.key], s.start),
      missing,
    };
    seen.set(id, found);
    out.push(found);
  }
  lastFound = seen;
  return out.sort((a, b) => a.time - b.time);
}

let lastFound = new Map<string, ValidationIssue>();
