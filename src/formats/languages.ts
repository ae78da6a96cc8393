/**
 * Language keys of translations (ADR 0017; the same rules as `src/timing/translations.ts`, which
 * this zone may not import): a romanization is a key with the Latin script subtag.
 */
export function isRomanization(key: string): boolean {
  return /^[a-z]{2,8}(?:-[a-z]{3}){0,3}-latn(?:-|$)/i.test(key);
}

/** The romanization key of a language (`ja` -> `ja-Latn`; unknown -> `und-Latn`). */
export function romanizationOf(lang: string | undefined): string {
  const primary = (lang ?? '').split('-')[0]?.toLowerCase() || 'und';
  return `${/^[a-z]{2,8}$/.test(primary) ? primary : 'und'}-Latn`;
}

/** The key a romanization in `lang` is kept under: itself when Latin already. */
export const romanKey = (lang: string | undefined) =>
  lang && isRomanization(lang) ? lang : romanizationOf(lang);
