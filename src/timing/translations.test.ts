import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../contract';
import { createDoc, toArray, type TimingDoc } from './doc';
import { createHistory, pushHistory, undo } from './history';
import { compareLyric, keyOf } from './item-key';
import { mergeDocs, mergedItems, resolveMerge } from './merge';
import { applyOp } from './ops';
import { lineItems } from './ops-words';
import { song, word } from './test-items';
import {
  isRomanization,
  lineTranslation,
  missingTranslations,
  romanizationOf,
  translationLanguages,
  translationLevel,
} from './translations';

const de = (text: string) => ({ de: { text } });

/** Three lines of 3 words; line translations in German on each head. */
function translated(): TimingDoc {
  const items = Array.from({ length: 9 }, (_, i) => {
    const [line, w] = [Math.floor(i / 3), i % 3];
    return word(
      line,
      w,
      i * 0.5,
      i * 0.5 + 0.4,
      `w${i}`,
      w ? {} : { translations: de(`Zeile ${line}`) },
    );
  });
  return createDoc(items, { duration: 30 });
}

const run = (doc: TimingDoc, ...ops: Parameters<typeof applyOp>[1][]) =>
  ops.reduce((d, op) => applyOp(d, op).doc, doc);
const lineDe = (doc: TimingDoc, line: number) => lineTranslation(lineItems(doc, line), 'de');

describe('language keys', () => {
  it('a romanization is a Latin-script key', () => {
    expect(isRomanization('ja-Latn')).toBe(true);
    expect(isRomanization('ko-Latn-KR')).toBe(true);
    expect(isRomanization('ja')).toBe(false);
    expect(isRomanization('sr-Cyrl')).toBe(false);
    expect(romanizationOf('ja-JP')).toBe('ja-Latn');
    expect(romanizationOf(undefined)).toBe('und-Latn');
  });
});

describe('line translations', () => {
  it('setLineTranslation writes the head, marked as typed by a person; null removes it', () => {
    let doc = run(translated(), { type: 'setLineTranslation', line: 1, lang: 'en', text: 'Hi' });
    const head = lineItems(doc, 1)[0] as AlignmentItem;
    expect(head.translations?.en).toEqual({ text: 'Hi', editedManually: true });
    expect(head.translations?.de).toEqual({ text: 'Zeile 1' });
    doc = run(doc, { type: 'setLineTranslation', line: 1, lang: 'en', text: null });
    expect(lineItems(doc, 1)[0]?.translations).toEqual(de('Zeile 1'));
  });

  it('a text edit keeps the translation, on the new first word when the first goes', () => {
    const doc = translated();
    const inserted = run(doc, { type: 'setLineText', line: 0, text: 'new words w0 w1 w2' });
    const items = lineItems(inserted, 0);
    expect(items.map((x) => x.text)).toEqual(['new', 'words', 'w0', 'w1', 'w2']);
    expect(translationLevel(items, 'de')).toBe('line');
    expect(lineDe(inserted, 0)).toBe('Zeile 0');
    const deleted = run(doc, { type: 'setLineText', line: 1, text: 'w5' });
    expect(lineItems(deleted, 1).map((x) => x.text)).toEqual(['w5']);
    expect(lineDe(deleted, 1)).toBe('Zeile 1');
  });

  it('deleting the first word keeps the line translation; undo restores the old state', () => {
    const doc = translated();
    const first = lineItems(doc, 2)[0] as AlignmentItem;
    const out = applyOp(doc, { type: 'delete', keys: [keyOf(first)] });
    expect(lineDe(out.doc, 2)).toBe('Zeile 2');
    const back = undo(pushHistory(createHistory(), out.change), out.doc);
    expect(toArray(back!.doc)).toEqual(toArray(doc));
  });

  it('split and join of lines carry them', () => {
    const doc = translated();
    const split = run(doc, { type: 'splitLine', key: keyOf(lineItems(doc, 0)[2]!) });
    expect(lineItems(split, 0).map((x) => x.text)).toEqual(['w0', 'w1']);
    expect(lineItems(split, 1).map((x) => x.text)).toEqual(['w2']);
    expect(lineDe(split, 0)).toBe('Zeile 0');
    expect(lineDe(split, 2)).toBe('Zeile 1'); // later lines moved down
    const joined = run(split, { type: 'joinLines', line: 2 });
    expect(lineItems(joined, 2).map((x) => x.text)).toEqual(['w3', 'w4', 'w5', 'w6', 'w7', 'w8']);
    expect(lineDe(joined, 2)).toBe('Zeile 1 Zeile 2');
    expect(translationLevel(lineItems(joined, 2), 'de')).toBe('line');
  });

  it('word readings: per word; merging words joins them', () => {
    const items = [
      word(0, 0, 0, 1, '東京', { translations: { 'ja-Latn': { text: 'tōkyō' } } }),
      word(0, 1, 1, 2, 'へ', { translations: { 'ja-Latn': { text: 'e' } } }),
      word(0, 2, 2, 3, '行く', { translations: { 'ja-Latn': { text: 'iku' } } }),
    ];
    const doc = createDoc(items);
    expect(translationLevel(items, 'ja-Latn')).toBe('words');
    expect(lineTranslation(items, 'ja-Latn')).toBe('tōkyō e iku');
    const merged = run(doc, { type: 'mergeWords', keys: items.slice(0, 2).map(keyOf) });
    expect(lineItems(merged, 0).map((x) => x.translations?.['ja-Latn']?.text)).toEqual([
      'tōkyōe',
      'iku',
    ]);
    // The first word deleted: its reading goes with it, the others stay word-level.
    const deleted = run(doc, { type: 'delete', keys: [keyOf(items[0]!)] });
    expect(lineTranslation(lineItems(deleted, 0), 'ja-Latn')).toBe('e iku');
  });

  it('rename and remove a language over the whole document, one step', () => {
    const doc = translated();
    const renamed = applyOp(doc, { type: 'renameLanguage', from: 'de', to: 'de-CH' });
    expect(renamed.change.added).toHaveLength(3);
    expect(translationLanguages(renamed.doc)).toEqual(['de-CH']);
    const removed = run(renamed.doc, { type: 'renameLanguage', from: 'de-CH', to: null });
    expect(translationLanguages(removed)).toEqual([]);
    expect(toArray(removed).every((x) => x.translations === undefined)).toBe(true);
  });

  it('the languages of a document follow edits incrementally and equal a full count', () => {
    let doc = translated();
    expect(translationLanguages(doc)).toEqual(['de']);
    doc = run(doc, { type: 'setLineTranslation', line: 0, lang: 'ja-Latn', text: 'x' });
    expect(translationLanguages(doc)).toEqual(['de', 'ja-Latn']);
    doc = run(doc, { type: 'setLineTranslation', line: 0, lang: 'ja-Latn', text: null });
    const list = translationLanguages(doc);
    expect(list).toEqual(['de']);
    expect(translationLanguages(createDoc(toArray(doc)))).toEqual(list);
  });

  it('missing translations: one warning per line lacking a shown language', () => {
    const doc = run(translated(), { type: 'setLineTranslation', line: 1, lang: 'de', text: null });
    const found = missingTranslations(doc, ['de', 'en']);
    expect(found.map((x) => [x.code, x.missing, x.time])).toEqual([
      ['missing-translation', ['en'], 0],
      ['missing-translation', ['de', 'en'], 1.5],
      ['missing-translation', ['en'], 3],
    ]);
    expect(found[0]?.severity).toBe('warning');
    expect(missingTranslations(doc, [])).toEqual([]);
  });

  it('a conflict-free three-way merge takes the other side’s translation', () => {
    const base = translated();
    const mine = run(base, { type: 'setLineText', line: 0, text: 'w0 w1 changed' });
    const theirs = run(base, { type: 'setLineTranslation', line: 0, lang: 'de', text: 'Neu' });
    const result = mergeDocs(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    const line = mergedItems(toArray(mine), resolveMerge(result, 'mine'))
      .filter((x) => x.line === 0)
      .sort(compareLyric);
    expect(lineTranslation(line, 'de')).toBe('Neu');
    expect(line.map((x) => x.text)).toEqual(['w0', 'w1', 'changed']);
  });
});

describe('property: line translations survive line edits', () => {
  const step = fc.record({ kind: fc.integer({ min: 0, max: 3 }), a: fc.nat(), b: fc.nat() });
  it('every line keeps its translation on its first word and on no other', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        let doc = createDoc(
          song(24).map((x) => (x.word === 0 ? { ...x, translations: de(`L${x.line}`) } : x)),
          { duration: 30 },
        );
        for (const s of steps) {
          const items = toArray(doc);
          if (!items.length) break;
          const x = items[s.a % items.length] as AlignmentItem;
          const texts = ['a b', 'q w2 r s', `w${x.line * 8 + 3}`, 'z'];
          doc = run(
            doc,
            [
              { type: 'setLineText' as const, line: x.line, text: texts[s.b % 4] as string },
              { type: 'delete' as const, keys: [keyOf(x)] },
              { type: 'mergeWords' as const, keys: [keyOf(x), keyOf(items[s.a + 1] ?? x)] },
              { type: 'insertWord' as const, afterKey: keyOf(x), text: 'n' },
            ][s.kind]!,
          );
        }
        const lines = new Set(toArray(doc).map((x) => x.line));
        for (const line of lines) {
          const items = lineItems(doc, line);
          expect(items[0]?.translations?.de?.text).toBe(`L${line}`);
          expect(items.slice(1).filter((x) => x.translations)).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
