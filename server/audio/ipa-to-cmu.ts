/**
 * eSpeak-NG's IPA (en-us voice) in the CMU phone set of the English acoustic model, so a word missing
 * from the dictionary still gets a pronunciation. Longest match first; stress, length and syllable
 * marks are dropped; an unknown symbol is skipped rather than guessed.
 */
const TABLE: [string, string[]][] = [
  // Diphthongs and r-coloured vowels before their parts.
  ['aɪə', ['AY', 'ER']],
  ['aʊə', ['AW', 'ER']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɔɪ', ['OY']],
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

export function ipaToCmu(ipa: string): string[] {
  const text = ipa.normalize('NFD').replace(IGNORED, '');
  const phones: string[] = [];
  let i = 0;
  while (i < text.length) {
    const entry = TABLE.find(([symbol]) => text.startsWith(symbol, i));
    if (entry) {
      phones.push(...entry[1]);
      i += entry[0].length;
    } else i++;
  }
  return phones;
}
