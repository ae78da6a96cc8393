import { describe, expect, it } from 'vitest';
import { defaultStyle } from './style';
import {
  canonicalLanguageTag,
  fieldProblem,
  getAt,
  isStrictColour,
  setAt,
  STYLE_FIELDS,
  styleField,
  styleProblems,
} from './style-fields';

describe('style fields', () => {
  it('every field names a member the default style has, and the default style passes', () => {
    const style = defaultStyle();
    // A media field is optional (absent: the newest item of its type); the spec's default has none.
    for (const field of STYLE_FIELDS.filter((f) => f.kind !== 'media'))
      expect(getAt(style, field.path), field.path).not.toBeUndefined();
    expect(styleProblems(style)).toEqual([]);
  });

  it('paths are unique and toggles they depend on exist', () => {
    const paths = STYLE_FIELDS.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of STYLE_FIELDS) if (f.when) expect(styleField(f.when)?.kind).toBe('toggle');
  });

  it.each([
    ['#FFD400', true],
    ['#ffd400', true],
    ['transparent', true],
    ['rgba(0,0,0,0.5)', true],
    ['rgba(255, 255, 255, 1)', true],
    ['#FFF', false],
    ['#FFD400AA', false],
    ['red', false],
    ['rgba(256,0,0,1)', false],
    ['rgba(0,0,0,2)', false],
    ['rgb(0,0,0)', false],
    ['', false],
  ])('isStrictColour(%s) is %s', (value, ok) => expect(isStrictColour(value)).toBe(ok));

  it('says what is wrong in words, naming the field', () => {
    const size = styleField('chordTextStyle.fontSize');
    const lines = styleField('layout.linesPerScreen');
    const align = styleField('layout.alignment');
    const weight = styleField('chordTextStyle.fontWeight');
    if (!size || !lines || !align || !weight) throw new Error('missing field');
    expect(fieldProblem(size, -1)).toBe('Lyrics size must be at least 8.');
    expect(fieldProblem(size, 96)).toBeNull();
    expect(fieldProblem(lines, 2.5)).toBe('Lines per screen must be a whole number.');
    expect(fieldProblem(lines, 9)).toBe('Lines per screen must be at most 8.');
    expect(fieldProblem(align, 'diagonal')).toMatch(
      /^Lines sit at must be one of: Top, Middle, Bottom/,
    );
    expect(fieldProblem(weight, 700)).toBeNull();
    expect(fieldProblem(weight, 650)).not.toBeNull();
  });

  it('canonicalises BCP 47 language tags and refuses what is not one', () => {
    expect(canonicalLanguageTag('JA-latn')).toBe('ja-Latn');
    expect(canonicalLanguageTag(' de ')).toBe('de');
    expect(canonicalLanguageTag('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguageTag('not a key')).toBeNull();
    expect(canonicalLanguageTag('')).toBeNull();
    expect(canonicalLanguageTag(42)).toBeNull();
  });

  it('setAt copies the path and shares the rest', () => {
    const style = defaultStyle();
    const next = setAt(style, 'layout.linesPerScreen', 3);
    expect(next.layout.linesPerScreen).toBe(3);
    expect(style.layout.linesPerScreen).toBe(2);
    expect(next.overlays).toBe(style.overlays);
  });

  it('checks the colours of singer styles', () => {
    const style = { ...defaultStyle(), singerTextStyles: { '2': { textColor: 'pink' } } };
    expect(styleProblems(style).map((p) => p.path)).toEqual(['singerTextStyles.2.textColor']);
  });
});
