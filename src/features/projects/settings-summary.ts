/** Pure helpers that turn a settings object into readable rows (labels, colours, fonts). */

const COLOUR = /^(#[0-9a-fA-F]{3,8}|transparent|rgba?\([^)]*\))$/;

export const isColour = (value: unknown): value is string =>
  typeof value === 'string' && COLOUR.test(value.trim());

/** "linesPerScreen" → "Lines per screen"; "fps" stays short and capitalised. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  const fixed = words
    .replace(/\bfps\b/g, 'FPS')
    .replace(/\bx\b/g, 'X')
    .replace(/\by\b/g, 'Y');
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'string') return value === '' ? '—' : value;
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ColourEntry {
  path: string;
  label: string;
  value: string;
}

/** Every colour in a style, with a readable path ("Overlays › Lead in › Style › Color"). */
export function collectColours(value: unknown, path: string[] = []): ColourEntry[] {
  if (isColour(value) && path.length > 0)
    return [{ path: path.join('.'), label: path.map(humanize).join(' › '), value }];
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => collectColours(child, [...path, key]));
}

export interface FontEntry {
  label: string;
  family: string;
  size: number | undefined;
  weight: number | undefined;
  style: string | undefined;
}

/** Every text style (an object with a fontFamily) in a style object. */
export function collectFonts(value: unknown, path: string[] = []): FontEntry[] {
  if (!isRecord(value)) return [];
  const own: FontEntry[] =
    typeof value.fontFamily === 'string'
      ? [
          {
            label: path.length ? path.map(humanize).join(' › ') : 'Text',
            family: value.fontFamily,
            size: typeof value.fontSize === 'number' ? value.fontSize : undefined,
            weight: typeof value.fontWeight === 'number' ? value.fontWeight : undefined,
            style: typeof value.fontStyle === 'string' ? value.fontStyle : undefined,
          },
        ]
      : [];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, child]) => collectFonts(child, [...path, key])),
  ];
}
