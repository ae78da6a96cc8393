import { buildResult, Warnings, type ParsedLine } from '../build';
import { splitLines } from '../text/lines';
import { parseClock } from '../time';
import type { ReadResult } from '../types';

/**
 * SubRip: `[n]` / `start --> end` / text lines / blank. Cue numbers are optional (many files lack
 * them); a cue's text ends at a blank line or at the next timing line. Styling tags (`<i>`,
 * `<font>`, `{\an8}`) are dropped; the cue's lines are one lyric line spread over the cue, but
 * for lines after the first that are wholly in `<i>…</i>` when the first is not: those are the
 * line's translation (the dual-subtitle convention, what the writer makes), language `und`.
 */
const ARROW = '-->';
const TAG = /<\/?[A-Za-z][^<>]{0,80}>|\{\\[^{}]{0,80}\}/g;

export function parseCueTiming(line: string): { start: number; end: number; rest: string } | null {
  const at = line.indexOf(ARROW);
  if (at < 0) return null;
  const start = parseClock(line.slice(0, at));
  const after = line.slice(at + ARROW.length).trimStart();
  const space = after.search(/\s/);
  const end = parseClock(space < 0 ? after : after.slice(0, space));
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return { start, end, rest: space < 0 ? '' : after.slice(space) };
}

/** A cue line wholly in italics (one `<i>` run). */
export const isItalicLine = (line: string) =>
  /^<i>[^<>]*<\/i>$/i.test(line) || /^\{\\i1\}[^{}]*(\{\\i0?\})?$/.test(line);

const isNumber = (line: string) => /^\d{1,9}$/.test(line.trim());

export function readSrt(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const lines = splitLines(text);
  const out: ParsedLine[] = [];
  let i = 0;
  const timingAt = (k: number) => k < lines.length && lines[k]!.includes(ARROW);
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || (isNumber(line) && timingAt(i + 1))) {
      i++;
      continue;
    }
    const timing = line.includes(ARROW) ? parseCueTiming(line) : null;
    if (!timing) {
      warnings.add(
        i + 1,
        line.includes(ARROW)
          ? 'This cue timing cannot be read; the cue was skipped.'
          : 'This line is outside any cue; skipped.',
      );
      i++;
      // Skip the rest of a cue whose timing was unreadable.
      if (line.includes(ARROW)) while (i < lines.length && lines[i]!.trim() !== '') i++;
      continue;
    }
    const source = i + 1;
    const texts: string[] = [];
    const translations: string[] = [];
    i++;
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !timingAt(i) &&
      !(isNumber(lines[i]!) && timingAt(i + 1))
    ) {
      const raw = lines[i]!.trim();
      if (texts.length > 0 && isItalicLine(raw) && !isItalicLine(lines[source]!.trim()))
        translations.push(raw.replace(TAG, '').trim());
      else texts.push(raw.replace(TAG, '').trim());
      i++;
    }
    const { start } = timing;
    let { end } = timing;
    if (end < start) {
      warnings.add(source, 'This cue ends before it starts; its end was set to its start.');
      end = start;
    }
    const body = texts.join(' ').trim();
    if (!body) continue;
    const cue: ParsedLine = { source, start, end, segments: [{ text: body }] };
    const translation = translations.filter(Boolean).join(' / ');
    if (translation) cue.translations = { und: translation };
    out.push(cue);
  }
  return buildResult('srt', encoding, out, warnings);
}
