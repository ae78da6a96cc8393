import { describe, expect, it } from 'vitest';
import {
  defaultStyle,
  displayLanguagesProblems,
  languageTagProblem,
  styleProblems,
} from '../../contract';
import {
  addLanguage,
  languageChoices,
  languageFallback,
  moveLanguage,
  shownLanguages,
  toggleLanguage,
} from './translations';

describe('display languages', () => {
  const carried = ['en', 'ja-Latn'];
  it('an empty list shows every carried language; a list shows its own, in order', () => {
    expect(shownLanguages(carried, [])).toEqual(['en', 'ja-Latn']);
    expect(shownLanguages(carried, ['ja-Latn'])).toEqual(['ja-Latn']);
    expect(languageChoices(carried, ['fr', 'en'])).toEqual(['en', 'ja-Latn', 'fr']);
  });
  it('hiding one of all lists the others; the last one stays; showing appends', () => {
    expect(toggleLanguage(carried, [], 'en')).toEqual(['ja-Latn']);
    expect(toggleLanguage(carried, ['ja-Latn'], 'ja-Latn')).toEqual(['ja-Latn']);
    expect(toggleLanguage(carried, ['ja-Latn'], 'en')).toEqual(['ja-Latn', 'en']);
  });
  it('moves a language up and down within the list', () => {
    expect(moveLanguage(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveLanguage(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(moveLanguage(['a', 'b'], 'a', 1)).toEqual(['b', 'a']);
  });
  it('checks tags, duplicates and language styles at their fields', () => {
    expect(languageTagProblem('pt-BR')).toBeNull();
    expect(languageTagProblem('not a tag')).toMatch(/not a language tag/);
    expect(displayLanguagesProblems(['en', 'EN', 'x y']).map((p) => p.path)).toEqual(['1', '2']);
    const style = {
      ...defaultStyle(),
      languageTextStyles: { en: { fontSize: -1, textColor: 'red' } },
    };
    expect(styleProblems(style).map((p) => p.path)).toEqual([
      'languageTextStyles.en.fontSize',
      'languageTextStyles.en.textColor',
    ]);
  });
});

describe('adding a language and its fallback look', () => {
  it('adds the canonical tag once, to the shown list when all are shown', () => {
    expect(addLanguage(['en', 'fr'], [], 'pt-br')).toEqual({ list: ['en', 'fr', 'pt-BR'] });
    expect(addLanguage(['en'], ['fr'], 'EN')).toEqual({ list: ['fr', 'en'] });
    expect(addLanguage(['en'], [], 'en')).toEqual({ list: ['en'] });
  });
  it('says why a tag is not added', () => {
    expect(addLanguage([], ['fr'], 'fr')).toEqual({ problem: 'fr is already shown.' });
    const bad = addLanguage([], [], 'not a tag!');
    expect('problem' in bad && bad.problem).toMatch(/./);
  });
  it('draws a translation smaller than the lyrics with a thinner outline', () => {
    const lyric = { fontSize: 100, outlineWidth: 5, textColor: '#FFFFFF' };
    expect(languageFallback(lyric, 'fontSize')).toBe(55);
    expect(languageFallback(lyric, 'outlineWidth')).toBe(3);
    expect(languageFallback(lyric, 'textColor')).toBe('#FFFFFF');
    expect(languageFallback({}, 'fontSize')).toBe(53);
    expect(languageFallback({}, 'outlineWidth')).toBe(12);
  });
});
