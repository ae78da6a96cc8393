/** Splits on CRLF, LF and CR-only endings (old Mac files). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Whitespace that separates words: ASCII and Unicode spaces (ideographic space included). */
export const SPACE = /\s/;

export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isJsSpace(text.charCodeAt(i))) return false;
  return true;
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

/** Word separators: ASCII and Unicode spaces, no-break and ideographic spaces included. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** What `\s` matches and `String.prototype.trim` removes: the separators but NEL, and the BOM. */
export function isJsSpace(c: number): boolean {
  return c === 0xfeff || (c !== 0x85 && isSpace(c));
}
