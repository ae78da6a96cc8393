import { canonicalLanguageTag, languageTagProblem } from '../../contract';

/*
 * The languages shown under the lines (`displayLanguages`): an empty list shows every language
 * the lyrics carry (docs/api-decisions.md "Translations"); a list shows those, in its order.
 */

/** The languages offered: those the alignment carries, then any listed that it does not. */
export function languageChoices(carried: readonly string[], listed: readonly string[]): string[] {
  return [...carried, ...listed.filter((l) => !carried.includes(l))];
}

/** The languages the preview and video show, in order. */
export function shownLanguages(carried: readonly string[], listed: readonly string[]): string[] {
  return listed.length ? [...listed] : [...carried];
}

/**
 * The list after showing or hiding `lang`. Hiding one while all are shown lists the others;
 * the last shown one stays (an empty list would mean all); showing appends it.
 */
export function toggleLanguage(
  carried: readonly string[],
  listed: readonly string[],
  lang: string,
): string[] {
  const shown = shownLanguages(carried, listed);
  if (shown.includes(lang)) {
    const rest = shown.filter((l) => l !== lang);
    return rest.length ? rest : shown;
  }
  return [...shown, lang];
}

/** The list with `lang` moved one place up (-1) or down (1). */
export function moveLanguage(listed: readonly string[], lang: string, by: -1 | 1): string[] {
  const at = listed.indexOf(lang);
  const to = at + by;
  if (at < 0 || to < 0 || to >= listed.length) return [...listed];
  const next = [...listed];
  [next[at], next[to]] = [next[to] as string, next[at] as string];
  return next;
}

/**
 * The list after adding a typed BCP 47 tag (canonical form), or the problem to show at the field
 * (null: nothing to add and nothing to say).
 */
export function addLanguage(
  carried: readonly string[],
  listed: readonly string[],
  tag: string,
): { list: string[] } | { problem: string | null } {
  const problem = languageTagProblem(tag);
  const canon = canonicalLanguageTag(tag);
  if (problem || !canon) return { problem };
  const all = listed.length === 0;
  if (!all && listed.includes(canon)) return { problem: `${canon} is already shown.` };
  const list = [...(all ? shownLanguages(carried, listed) : listed), canon];
  return { list: list.filter((l, i, a) => a.indexOf(l) === i) };
}

/**
 * What the layout draws for a language's text style member when it is absent
 * (src/karaoke-layout/layout.ts): smaller than the lyrics, thinner outline, else the lyrics'.
 */
export function languageFallback(lyric: Readonly<Record<string, unknown>>, key: string): unknown {
  if (key === 'fontSize') return Math.round(Number(lyric.fontSize ?? 96) * 0.55);
  if (key === 'outlineWidth') return Math.round(Number(lyric.outlineWidth ?? 20) * 0.6 * 10) / 10;
  return lyric[key];
}
