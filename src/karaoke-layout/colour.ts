/** A colour with 0..255 channels and 0..1 alpha. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const clamp255 = (n: number) => Math.max(0, Math.min(255, Math.round(n)));

/**
 * Reads a style colour (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `transparent`, `rgb(…)`,
 * `rgba(…)`); anything else is `fallback`.
 */
export function parseColour(value: string | undefined, fallback: Rgba): Rgba {
  if (!value) return fallback;
  const v = value.trim();
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,8})$/i.exec(v)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(v);
  if (fn) {
    const a = fn[4] === undefined ? 1 : Math.max(0, Math.min(1, Number(fn[4])));
    return {
      r: clamp255(Number(fn[1])),
      g: clamp255(Number(fn[2])),
      b: clamp255(Number(fn[3])),
      a,
    };
  }
  return fallback;
}

/** `#rrggbb` (alpha dropped), for canvas and CSS. */
export const toHex = (c: Rgba): string =>
  `#${[c.r, c.g, c.b].map((n) => clamp255(n).toString(16).padStart(2, '0')).join('')}`;

/** `rgba(r,g,b,a)` for canvas and CSS. */
export const toCss = (c: Rgba): string => `rgba(${c.r},${c.g},${c.b},${+c.a.toFixed(3)})`;

/** Mixes `c` towards `other` by `amount` (0: c, 1: other). */
export const mix = (c: Rgba, other: Rgba, amount: number): Rgba => ({
  r: clamp255(c.r + (other.r - c.r) * amount),
  g: clamp255(c.g + (other.g - c.g) * amount),
  b: clamp255(c.b + (other.b - c.b) * amount),
  a: c.a + (other.a - c.a) * amount,
});

export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
