/** The font a piece of text is drawn in; `size` in pixels of the frame being laid out. */
export interface FontSpec {
  readonly family: string;
  readonly size: number;
  readonly weight: number;
  readonly italic: boolean;
}

/**
 * Measures the advance width of `text` in `font`, in pixels. The editor's preview passes one made
 * with canvas `measureText`; the video's ASS writer uses `estimateTextWidth` (libass draws the
 * text itself, so the estimate only decides where long lines break and how lines are placed).
 */
export type MeasureText = (text: string, font: FontSpec) => number;

const NARROW = new Set("iIl!|.,:;'`j1fjrt()[]");
const WIDE = new Set('mwMW@%');

/** Width in em of one character of a bold sans face (Noto Sans Bold's proportions, rounded up). */
function charEm(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === ' ' || ch === '\u00a0') return 0.27;
  if (NARROW.has(ch)) return 0.32;
  if (WIDE.has(ch)) return 0.92;
  // CJK ideographs, kana, hangul, full-width forms: one em each.
  if (
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0x20000 && code <= 0x3ffff)
  ) {
    return 1;
  }
  // Combining marks (Arabic harakat, Hebrew points, Latin accents): no advance.
  if ((code >= 0x0300 && code <= 0x036f) || (code >= 0x064b && code <= 0x065f)) return 0;
  if (code >= 0x0591 && code <= 0x05c7) return 0;
  if (ch >= 'A' && ch <= 'Z') return 0.7;
  if (ch >= '0' && ch <= '9') return 0.6;
  return 0.62;
}

/**
 * A measure without a font engine: per-character widths of a bold sans face, about 5 % wide of
 * Noto Sans Bold on Latin text (so a line estimated to fit does fit), 1 em per CJK character.
 */
export const estimateTextWidth: MeasureText = (text, font) => {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  const weight = font.weight >= 600 ? 1 : 0.95;
  return em * font.size * weight;
};
