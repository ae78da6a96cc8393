import { detectAll } from 'tinyld';

/**
 * The languages lyrics sync pronounces (docs/adr/0009): eSpeak-NG's phonemes for the language,
 * mapped onto the English acoustic model's phones (`ipa-to-cmu.ts`). English words come from the
 * CMU dictionary first. Every other language falls back to the energy aligner and says so.
 */
export const SYNC_LANGUAGES: Record<string, { name: string; voice: string }> = {
  en: { name: 'English', voice: 'en-us' },
  de: { name: 'German', voice: 'de' },
  fr: { name: 'French', voice: 'fr-fr' },
  // Seseo and yeísmo, as most Spanish is sung.
  es: { name: 'Spanish', voice: 'es-419' },
  it: { name: 'Italian', voice: 'it' },
  pt: { name: 'Portuguese', voice: 'pt-br' },
  nl: { name: 'Dutch', voice: 'nl' },
};

/** Names and ISO 639-2/3 codes people type for a language, to its ISO 639-1 code. */
const ALIASES: Record<string, string> = {
  english: 'en',
  eng: 'en',
  german: 'de',
  deutsch: 'de',
  deu: 'de',
  ger: 'de',
  french: 'fr',
  français: 'fr',
  francais: 'fr',
  fra: 'fr',
  fre: 'fr',
  spanish: 'es',
  español: 'es',
  espanol: 'es',
  castellano: 'es',
  spa: 'es',
  italian: 'it',
  italiano: 'it',
  ita: 'it',
  portuguese: 'pt',
  português: 'pt',
  portugues: 'pt',
  por: 'pt',
  dutch: 'nl',
  nederlands: 'nl',
  flemish: 'nl',
  nld: 'nl',
  dut: 'nl',
};

/**
 * A project's `language` as an ISO 639-1 code in lower case ("de-AT", "German", "deu" -> "de"), or
 * the tag's first part as given when it is none we know by name; undefined when empty.
 */
export function normalizeLanguage(value: string | null | undefined): string | undefined {
  const text = value?.trim().toLowerCase();
  if (!text) return undefined;
  if (ALIASES[text]) return ALIASES[text];
  const head = text.split(/[-_\s]/)[0] ?? text;
  return ALIASES[head] ?? head;
}

export interface Recognised {
  /** ISO 639-1 code, or undefined when the text says too little. */
  language: string | undefined;
  /** The detector's score for it, 0..1. */
  score: number;
}

/** Letters of scripts other than Latin in the lyrics, as a share of all letters. */
export function nonLatinShare(text: string): number {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return 0;
  const latin = letters.filter((ch) => /\p{Script=Latin}/u.test(ch)).length;
  return 1 - latin / letters.length;
}

/** The language of the lyrics by tinyld's n-gram detector (over all languages it knows). */
export function recogniseLanguage(lyrics: string): Recognised {
  const text = lyrics.replace(/\s+/g, ' ').trim();
  const best = detectAll(text)[0];
  return { language: best?.lang || undefined, score: best?.accuracy ?? 0 };
}
