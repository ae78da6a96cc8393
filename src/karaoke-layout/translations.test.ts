import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../contract/style';
import { word } from '../timing/test-items';
import { frameAt } from './frame';
import { layoutKaraoke, lineTranslationText, type LayoutItem } from './layout';

/** Two lines: a German line translation each; the second has a reading per word (ja-Latn). */
const items: LayoutItem[] = [
  word(0, 0, 1, 1.5, 'Hello', { translations: { de: { text: 'Hallo' } } }),
  word(0, 1, 1.5, 2, 'world'),
  word(1, 0, 3, 3.5, '東京', {
    translations: { de: { text: 'Tokio' }, 'ja-Latn': { text: 'tōkyō' } },
  }),
  word(1, 1, 3.5, 4, 'へ', { translations: { 'ja-Latn': { text: 'e' } } }),
];
const lay = (languages?: string[], style = defaultStyle()) =>
  layoutKaraoke({ items, style, width: 1280, height: 720, languages });

describe('translations in the karaoke layout (ADR 0017)', () => {
  it('a line translation, or the words’ readings joined', () => {
    expect(lineTranslationText(items.slice(0, 2), 'de')).toBe('Hallo');
    expect(lineTranslationText(items.slice(2), 'ja-Latn')).toBe('tōkyō e');
    expect(lineTranslationText(items.slice(0, 2), 'fr')).toBe('');
  });

  it('shows only the languages asked for, in their order, under the line, spaced', () => {
    const none = lay();
    expect(none.lines.every((l) => l.translations.length === 0)).toBe(true);
    const two = lay(['ja-Latn', 'de', 'fr']);
    expect(two.lines[0]?.translations.map((t) => [t.lang, t.text])).toEqual([['de', 'Hallo']]);
    const [roman, german] = two.lines[1]?.translations ?? [];
    expect([roman?.text, german?.text]).toEqual(['tōkyō e', 'Tokio']);
    const line = two.lines[1]!;
    // Below the lyric, in order, each spaced from the one above by languageSpacing (5 px at 1080).
    expect(roman!.y - roman!.font.size * 0.6).toBeGreaterThan(line.y + line.font.size / 2);
    expect(german!.y).toBeGreaterThan(roman!.y);
    // Rows make room for them: the rows are taller than without translations.
    expect(two.rowHeight).toBeGreaterThan(none.rowHeight);
    // Rows never overlap: the next row's lyric is below the last translation.
    const [l0, l1] = two.lines;
    const lowest = Math.max(...l0!.translations.map((t) => t.y + t.font.size * 0.6), l0!.y);
    if (l1!.slot > l0!.slot) expect(l1!.y - l1!.font.size / 2).toBeGreaterThanOrEqual(lowest - 1);
    // frameAt hands them on with their line.
    expect(frameAt(two, 3.2).lines.find((l) => l.line.id === 1)?.line.translations).toHaveLength(2);
  });

  it('in languageTextStyles: size and colour', () => {
    const style = defaultStyle();
    const styled = {
      ...style,
      languageTextStyles: { de: { fontSize: 40, textColor: '#FF0000' } },
    };
    const t = lay(['de'], styled).lines[0]!.translations[0]!;
    expect(t.font.size).toBeCloseTo((40 * 720) / 1080, 6);
    expect(t.colour).toMatchObject({ r: 255, g: 0, b: 0 });
  });
});
