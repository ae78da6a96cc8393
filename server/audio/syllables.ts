/**
 * A simple English syllable estimate: vowel groups, minus a silent final "e" (but not "-le" after a
 * consonant), minus "-ed"/"-es" endings that add no syllable. At least 1 for any word with letters or
 * digits; tokens with neither (dashes, "&") get 0.5 so they still take a little time.
 */
export function estimateSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z0-9']/g, '');
  if (!w) return 0.5;
  if (/^[0-9]+$/.test(w)) return Math.max(1, w.length);
  const letters = w.replace(/'/g, '');
  if (letters.length <= 3) return 1;
  let stem = letters;
  if (/[^aeiouy]ed$/.test(stem) && !/[td]ed$/.test(stem)) stem = stem.slice(0, -2);
  else if (/[^aeiouy]es$/.test(stem) && !/(s|x|z|ch|sh|ge|ce)es$/.test(stem))
    stem = stem.slice(0, -1);
  if (/[^aeiouy]e$/.test(stem) && !/[^aeiouy]le$/.test(stem)) stem = stem.slice(0, -1);
  const groups = stem.match(/[aeiouy]+/g)?.length ?? 0;
  // "-ia", "-io", "-iet" (piano, radio, quiet) are two syllables the vowel-group rule merges.
  const hiatus = stem.match(/i[ao]|iet/g)?.length ?? 0;
  return Math.max(1, groups + hiatus);
}
