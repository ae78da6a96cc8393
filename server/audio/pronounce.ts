import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findOnPath } from './decode';
import { ipaToCmu } from './ipa-to-cmu';

/** A word's pronunciations in the model's phone set, and where they came from. */
export interface Pronunciation {
  variants: string[][];
  source: 'dictionary' | 'letter-to-sound' | 'spelling';
}

/** The spoken form looked up: lower case, curly apostrophes straightened, outer punctuation off. */
export function spokenForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/&/g, 'and')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** True when a token has something to say (letters or digits); "—" or "..." do not. */
export const isSpoken = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** The dictionary's entries for `wanted` words only (one pass over the file, alternates kept). */
export function readDictionary(path: string, wanted: ReadonlySet<string>): Map<string, string[][]> {
  const found = new Map<string, string[][]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const space = line.indexOf(' ');
    if (space < 1) continue;
    const head = line.slice(0, space).replace(/\(\d+\)$/, '');
    if (!wanted.has(head)) continue;
    const phones = line
      .slice(space + 1)
      .trim()
      .split(/\s+/);
    found.set(head, [...(found.get(head) ?? []), phones]);
  }
  return found;
}

/** eSpeak-NG's IPA for each word (one line in, one line out), or undefined without the tool. */
async function espeakIpa(words: string[], voice: string): Promise<string[] | undefined> {
  const binary = findOnPath('espeak-ng');
  if (!binary || words.length === 0) return undefined;
  return new Promise((resolve) => {
    const child = spawn(binary, ['-q', '--ipa', '-v', voice], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      const lines = out.split('\n').map((l) => l.trim());
      resolve(code === 0 && lines.length >= words.length ? lines : undefined);
    });
    child.stdin.end(words.join('\n') + '\n');
  });
}

/** Last resort without eSpeak-NG: one phone per letter, so the word keeps a place and a length. */
const LETTER_PHONES: Record<string, string> = {
  a: 'AE',
  b: 'B',
  c: 'K',
  d: 'D',
  e: 'EH',
  f: 'F',
  g: 'G',
  h: 'HH',
  i: 'IH',
  j: 'JH',
  k: 'K',
  l: 'L',
  m: 'M',
  n: 'N',
  o: 'AA',
  p: 'P',
  q: 'K',
  r: 'R',
  s: 'S',
  t: 'T',
  u: 'AH',
  v: 'V',
  w: 'W',
  x: 'K',
  y: 'Y',
  z: 'Z',
};

function spelled(word: string): string[] {
  const phones = [...word].map((ch) => LETTER_PHONES[ch]).filter((p): p is string => !!p);
  return phones.length ? phones : ['AH'];
}

/**
 * Pronunciations for every spoken form: in English the CMU dictionary first (all its variants), a
 * hyphenated compound from its parts, then eSpeak-NG's letter-to-sound rules mapped to CMU phones;
 * in another language (`language`, ISO 639-1, with its eSpeak-NG `voice`) eSpeak-NG's rules for it
 * alone (an English dictionary entry would say "die" as in dying); never none.
 */
export async function pronounce(
  forms: readonly string[],
  dictionaryPath: string,
  voice = 'en-us',
  language = 'en',
): Promise<Map<string, Pronunciation>> {
  const unique = [...new Set(forms.filter(Boolean))];
  const parts = unique.flatMap((w) => w.split(/[-_]+/)).filter(Boolean);
  const dictionary =
    language === 'en'
      ? readDictionary(dictionaryPath, new Set([...unique, ...parts]))
      : new Map<string, string[][]>();
  const result = new Map<string, Pronunciation>();
  const missing: string[] = [];
  for (const word of unique) {
    const known = dictionary.get(word);
    const pieces = word.split(/[-_]+/).filter(Boolean);
    if (known) result.set(word, { variants: known, source: 'dictionary' });
    else if (pieces.length > 1 && pieces.every((p) => dictionary.has(p))) {
      const phones = pieces.flatMap((p) => dictionary.get(p)?.[0] ?? []);
      result.set(word, { variants: [phones], source: 'dictionary' });
    } else missing.push(word);
  }
  const ipa = await espeakIpa(missing, voice);
  missing.forEach((word, i) => {
    const phones = ipa?.[i] ? ipaToCmu(ipa[i], language) : [];
    result.set(
      word,
      phones.length
        ? { variants: [phones], source: 'letter-to-sound' }
        : { variants: [spelled(word)], source: 'spelling' },
    );
  });
  return result;
}
