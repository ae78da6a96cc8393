/** Splits on CRLF, LF and CR-only endings (old Mac files). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Whitespace that separates words: ASCII and Unicode spaces (ideographic space included). */
export const SPACE = /\s/;

export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

/**
 * `text.indexOf(char, from)` looking at most `max` characters ahead (-1 beyond). Scanners use it
 * for closing brackets so that a file full of unclosed `[` or `<` stays linear, not quadratic.
 */
export function indexWithin(text: string, char: string, from: number, max: number): number {
  const stop = Math.min(text.length, from + max);
  const code = char.charCodeAt(0);
  for (let i = from; i < stop; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}
