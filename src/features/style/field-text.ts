import { fieldProblem, type StyleField } from '../../contract';

/** `#RRGGBB` for the colour picker: rgba and transparent show their nearest opaque colour. */
export function pickerHex(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const m = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (m) {
    return `#${[m[1], m[2], m[3]]
      .map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0'))
      .join('')}`;
  }
  return '#000000';
}

/** The text a field shows for a value (numbers and strings; anything else is empty). */
export const shownText = (value: unknown): string =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : '';

/**
 * The typed text already stands for the value ("3." for 3, " #FFD400"): a change from elsewhere
 * to that value leaves the text alone.
 */
export function typedStandsFor(field: StyleField, text: string, value: unknown): boolean {
  return field.kind === 'number'
    ? text.trim() !== '' && Number(text) === value
    : text.trim() === shownText(value);
}

/** What typed text means: the value it stands for, or the problem shown at the field. */
export type Entry = { value: unknown; problem: null } | { value?: undefined; problem: string };

export function readEntry(field: StyleField, text: string): Entry {
  if (field.kind === 'number') {
    if (text.trim() === '') return { problem: `Enter a value for ${field.label.toLowerCase()}.` };
    const n = Number(text);
    const problem = fieldProblem(field, n);
    return problem ? { problem } : { value: n, problem: null };
  }
  const trimmed = text.trim();
  const problem = fieldProblem(field, trimmed);
  return problem ? { problem } : { value: trimmed, problem: null };
}
