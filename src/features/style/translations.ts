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
