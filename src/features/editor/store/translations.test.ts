import { describe, expect, it } from 'vitest';
import { getItem, lineItems } from '../../../timing';
import { word } from '../../../timing/test-items';
import { testStore } from './test-store';

/** Two lines; line 0 has a German translation on its first word. */
const items = () => [
  word(0, 0, 0, 1, 'a', { translations: { de: { text: 'A' } } }),
  word(0, 1, 1, 2, 'b'),
  word(1, 0, 5, 6, 'd'),
];
const make = () => testStore(items());
const de = (store: ReturnType<typeof make>, line: number) =>
  lineItems(store.getState().doc, line)[0]?.translations?.de;

describe('translations in the editor store (ADR 0017)', () => {
  it('a typed line translation is one undo step, marked as typed, and saved', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setLineTranslation(1, 'de', 'D');
    expect(de(store, 1)).toEqual({ text: 'D', editedManually: true });
    expect(store.getState().dirty).toBe(true);
    actions.undo();
    expect(de(store, 1)).toBeUndefined();
    actions.redo();
    expect(actions.getSaveItems().find((x) => x.line === 1)?.translations).toEqual({
      de: { text: 'D', editedManually: true },
    });
    // '' removes it.
    actions.setLineTranslation(1, 'de', '');
    expect(de(store, 1)).toBeUndefined();
  });

  it('a newer version whose translation changed merges into my timing edit', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setStart('0/1/0', 1.2);
    const theirs = items().map((x) =>
      x.line === 0 && x.word === 0 ? { ...x, translations: { de: { text: 'Neu' } } } : x,
    );
    expect(actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' })).toEqual([]);
    expect(de(store, 0)).toEqual({ text: 'Neu' });
    expect(getItem(store.getState().doc, '0/1/0')?.start).toBe(1.2);
  });

  it('both changed the same translation: a conflict on that field', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setLineTranslation(0, 'de', 'Mine');
    const theirs = items().map((x) =>
      x.line === 0 && x.word === 0 ? { ...x, translations: { de: { text: 'Theirs' } } } : x,
    );
    const conflicts = actions.rebase({ items: theirs, revision: 'r2', selectionRevision: 's1' });
    expect(conflicts.map((c) => c.fields)).toEqual([['translations']]);
    actions.resolveConflicts('theirs');
    expect(de(store, 0)).toEqual({ text: 'Theirs' });
  });

  it('rename and remove a language; lines missing a shown language are warnings', () => {
    const store = make();
    const { actions } = store.getState();
    actions.setShownLanguages(['de']);
    const warned = () =>
      store
        .getState()
        .validation?.issues.filter((i) => i.code === 'missing-translation')
        .map((i) => i.missing);
    expect(warned()).toEqual([['de']]); // line 1
    actions.renameLanguage('de', 'de-AT');
    expect(de(store, 0)).toBeUndefined();
    expect(lineItems(store.getState().doc, 0)[0]?.translations).toEqual({ 'de-AT': { text: 'A' } });
    expect(warned()).toEqual([['de'], ['de']]);
    actions.undo();
    expect(de(store, 0)).toEqual({ text: 'A' });
    actions.renameLanguage('de', null);
    expect(lineItems(store.getState().doc, 0)[0]?.translations).toBeUndefined();
  });
});
