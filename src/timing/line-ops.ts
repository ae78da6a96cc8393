import type { AlignmentItem } from '../contract';
import { EMPTY_CHANGE, type Change } from './change';
import { forEachItem, getItem, type TimingDoc } from './doc';
import { reviseItem } from './item-key';
import { lineItems, wordChange } from './ops-words';
import { translationLevel, withTranslation } from './translations';

const pairs = (removed: AlignmentItem[], added: AlignmentItem[]) =>
  removed.map((x, i) => [x, added[i] as AlignmentItem] as [AlignmentItem, AlignmentItem]);

/**
 * A new line starts at the word of `key` (all its sub-words): those words and the line's later
 * ones become line + 1 (numbered from 0), and every later line moves down by one. The line's
 * translations stay with its first part (they are on its head); word readings go with their words.
 */
export function splitLine(doc: TimingDoc, key: string): Change {
  const at = getItem(doc, key);
  if (!at) return EMPTY_CHANGE;
  const line = lineItems(doc, at.line);
  const firstWord = line[0]?.word ?? at.word;
  if (at.word === firstWord) return EMPTY_CHANGE; // nothing before it: no split
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  forEachItem(doc, 0, doc.size, (x) => {
    if (x.line > at.line) {
      removed.push(x);
      added.push(reviseItem(x, { line: x.line + 1 }));
    } else if (x.line === at.line && x.word >= at.word) {
      removed.push(x);
      added.push(reviseItem(x, { line: x.line + 1, word: x.word - at.word }));
    }
  });
  return wordChange(doc, removed, added, [], pairs(removed, added));
}

/**
 * The next line (the smallest line number above `line`) joins `line`: its words follow this
 * line's last word. Line translations are joined with a space onto this line's head; word
 * readings go with their words. Later lines keep their numbers (gaps are allowed).
 */
export function joinLines(doc: TimingDoc, line: number): Change {
  const a = lineItems(doc, line);
  let next = Infinity;
  forEachItem(doc, 0, doc.size, (x) => {
    if (x.line > line && x.line < next) next = x.line;
  });
  if (!a.length || next === Infinity) return EMPTY_CHANGE;
  const b = lineItems(doc, next);
  const aHead = a[0] as AlignmentItem;
  const bHead = b[0] as AlignmentItem;
  const shift = (a[a.length - 1]?.word ?? 0) + 1 - bHead.word;
  const langs = new Set([
    ...Object.keys(aHead.translations ?? {}),
    ...Object.keys(bHead.translations ?? {}),
  ]);
  let headTranslations = aHead.translations;
  let bHeadTranslations = bHead.translations;
  for (const lang of langs) {
    const la = translationLevel(a, lang);
    const lb = translationLevel(b, lang);
    if (la === 'words' || lb === 'words') continue; // readings stay on their words
    const ta = la === 'line' ? aHead.translations?.[lang] : undefined;
    const tb = lb === 'line' ? bHead.translations?.[lang] : undefined;
    const text = [ta?.text, tb?.text].filter((t) => t !== undefined && t !== '').join(' ');
    const manual = ta?.editedManually === true || tb?.editedManually === true;
    headTranslations = withTranslation(headTranslations, lang, {
      text,
      ...(manual ? { editedManually: true } : {}),
    });
    bHeadTranslations = withTranslation(bHeadTranslations, lang, undefined);
  }
  const removed: AlignmentItem[] = [];
  const added: AlignmentItem[] = [];
  if (headTranslations !== aHead.translations) {
    removed.push(aHead);
    added.push(reviseItem(aHead, { translations: headTranslations }));
  }
  for (const x of b) {
    removed.push(x);
    added.push(
      reviseItem(x, {
        line,
        word: x.word + shift,
        ...(x === bHead ? { translations: bHeadTranslations } : {}),
      }),
    );
  }
  return wordChange(doc, removed, added, [], pairs(removed, added));
}
