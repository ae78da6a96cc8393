/**
 * eSpeak-NG's IPA in the CMU phone set of the English acoustic model, so a word missing from the
 * dictionary, or a word of another language (German, French, Spanish, Italian, Portuguese, Dutch),
 * gets a pronunciation: each sound as the nearest English phone (front rounded vowels as ER / UW,
 * uvular and tapped r as R, velar and palatal fricatives as HH, palatal nasal and lateral as N Y /
 * L Y, nasal vowels as their oral vowel). Longest match first; stress, length and syllable marks are
 * dropped; an unknown symbol is skipped rather than guessed.
 */
const TABLE: [string, string[]][] = [
  // Other languages' diphthongs (German eu/äu, Dutch ij/ui, Italian ao) before their parts.
  ['ɔø', ['OY']],
  ['ɔʏ', ['OY']],
  ['œy', ['OY']],
  ['ɛɪ', ['EY']],
  ['ɛi', ['EY']],
  ['ao', ['AW']],
  ['ɲ', ['N', 'Y']],
  ['ʎ', ['L', 'Y']],
  ['ø', ['ER']],
  ['œ', ['ER']],
  ['ɶ', ['ER']],
  ['y', ['UW']],
  ['ʏ', ['UH']],
  ['ɨ', ['IH']],
  ['ɯ', ['UW']],
  ['ɤ', ['AH']],
  ['ɵ', ['ER']],
  ['ç', ['HH']],
  ['χ', ['HH']],
  ['ʁ', ['R']],
  ['ʀ', ['R']],
  ['β', ['B']],
  ['ɣ', ['G']],
  ['ʋ', ['V']],
  ['ʝ', ['Y']],
  ['ɟ', ['JH']],
  ['c', ['K']],
  ['ɦ', ['HH']],
  ['ɱ', ['M']],
  ['ɴ', ['NG']],
  ['ɬ', ['L']],
  ['ɭ', ['L']],
  ['ʂ', ['SH']],
  ['ʐ', ['ZH']],
  ['ɕ', ['SH']],
  ['ʑ', ['ZH']],
  // Diphthongs and r-coloured vowels before their parts.
  ['aɪə', ['AY', 'ER']],
  ['aʊə', ['AW', 'ER']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɔɪ', ['OY']],
  ['oɪ', ['OY']],
  ['ɑɹ', ['AA', 'R']],
  ['ɔɹ', ['AO', 'R']],
  ['oɹ', ['AO', 'R']],
  ['ɛɹ', ['EH', 'R']],
  ['ɪɹ', ['IH', 'R']],
  ['ʊɹ', ['UH', 'R']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['ɜ', ['ER']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['æ', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ɔ', ['AO']],
  ['o', ['OW']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['i', ['IY']],
  ['ʊ', ['UH']],
  ['u', ['UW']],
  ['a', ['AA']],
  ['b', ['B']],
  ['d', ['D']],
  ['ð', ['DH']],
  ['f', ['F']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['h', ['HH']],
  ['k', ['K']],
  ['x', ['K']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['p', ['P']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['s', ['S']],
  ['ʃ', ['SH']],
  ['t', ['T']],
  // The American flap and glottal stop stand for /t/ (or /d/) in the dictionary's spellings.
  ['ɾ', ['T']],
  ['ʔ', ['T']],
  ['θ', ['TH']],
  ['v', ['V']],
  ['w', ['W']],
  ['j', ['Y']],
  ['z', ['Z']],
  ['ʒ', ['ZH']],
];

/** Marks that carry no phone: stress, length, syllable breaks, ties, joiners, combining marks. */
const IGNORED = /[\u02c8\u02cc\u02d0\u02d1.-]|\u200c|\u200d|\u0361|[\u0300-\u036f]/gu;

/**
 * Sounds read differently outside English: the tap and trill are an r (in American English the flap
 * stands for /t/), the glottal stop is no phone, x is a fricative (closer to HH than to K).
 */
const OTHER_LANGUAGES: [string, string[]][] = [
  ['ɾ', ['R']],
  ['ʔ', []],
  ['x', ['HH']],
];

export function ipaToCmu(ipa: string, language = 'en'): string[] {
  // ç first: NFD would split it into c and a cedilla (a K).
  const text = ipa.replace(/ç/g, 'ɦ').normalize('NFD').replace(IGNORED, '');
  const table = language === 'en' ? TABLE : [...OTHER_LANGUAGES, ...TABLE];
  const phones: string[] = [];
  let i = 0;
  while (i < text.length) {
    const entry = table.find(([symbol]) => text.startsWith(symbol, i));
    if (entry) {
      phones.push(...entry[1]);
      i += entry[0].length;
    } else i++;
  }
  return phones;
}
