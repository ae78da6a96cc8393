/** Splits on CRLF, LF and CR-only endings (old Mac files). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Whitespace that separates words: ASCII and Unicode spaces (ideographic space included). */
export const SPACE = /\s/;

export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}
