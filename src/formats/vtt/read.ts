import { buildResult, count, Warnings, type ParsedLine, type Segment } from '../build';
import { assignSingers, singerIndexes } from '../singers';
import { parseCueTiming } from '../srt/read';
import { isJsSpace, splitLines } from '../text/lines';
import { formatClockMs } from '../time';
import type { ReadResult } from '../types';
import { parsePayload } from './payload';

/**
 * WebVTT: blocks separated by blank lines; NOTE, STYLE and REGION blocks are skipped; a cue is an
 * optional id, `start --> end [settings]` and its payload. Timestamps inside a cue are boundaries
 * (text between two is sung between them); one past the cue's end is clamped to it, with a warning.
 */
export function readVtt(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const lines = splitLines(text);
  const cues: { line: ParsedLine; voice: string | undefined }[] = [];
  let i = 0;
  if (!/^WEBVTT(\s|$)/.test(lines[0] ?? '')) {
    warnings.add(1, 'The file does not start with "WEBVTT"; read as WebVTT anyway.');
  } else {
    while (i < lines.length && lines[i]!.trim() !== '') i++; // the header block
  }
  while (i < lines.length) {
    if (isBlank(lines[i]!)) {
      i++;
      continue;
    }
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!)) block.push(lines[i++]!);
    if (maybeNotCue(block[0]!) && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!.trim())) continue;
    const at = block.findIndex((l) => l.includes('-->'));
    if (at < 0 || at > 1) {
      warnings.add(blockStart + 1, 'This block has no cue timing; skipped.');
      continue;
    }
    const timing = parseCueTiming(block[at]!);
    if (!timing) {
      warnings.add(blockStart + at + 1, 'This cue timing cannot be read; the cue was skipped.');
      continue;
    }
    const source = blockStart + at + 1;
    const body = block.slice(at + 1);
    const translations = body.length > 1 ? translationLines(body) : null;
    const payload = parsePayload(body.length === 1 ? body[0]! : body.join('\n'));
    const line = cueLine(source, timing.start, timing.end, payload.texts, payload.stamps, warnings);
    if (line && translations) line.translations = translations;
    if (line) cues.push({ line, voice: payload.voice });
  }
  const parsed = cues.map((c) => c.line);
  assignSingers(parsed, singerIndexes(cues.map((c) => c.voice)));
  return buildResult('vtt', encoding, parsed, warnings);
}

function cueLine(
  source: number,
  start: number,
  end: number,
  texts: string[],
  stamps: number[],
  warnings: Warnings,
): ParsedLine | null {
  if (texts.every(isBlank)) return null;
  if (end < start) {
    warnings.add(source, 'This cue ends before it starts; its end was set to its start.');
    end = start;
  }
  if (stamps.length === 0) return { source, start, end, segments: [{ text: oneLine(texts[0]!) }] };
  let last = start;
  let late = 0;
  const bounds = [start];
  for (const t of stamps) {
    let b = t;
    if (b > end) {
      late++;
      b = end;
    }
    if (b < last) b = last;
    bounds.push(b);
    last = b;
  }
  if (late > 0) {
    warnings.add(
      source,
      `${count(late, 'timestamp', 'timestamps')} after the cue's end moved to its end (${formatClockMs(end)}).`,
    );
  }
  bounds.push(end);
  const segments: Segment[] = texts.map((t, k) => ({
    text: oneLine(t),
    start: bounds[k]!,
    end: bounds[k + 1]!,
  }));
  return { source, start, end, segments };
}

const LANG_LINE = /^<lang ([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)>([^<>]*)(?:<\/lang>)?$/;
const ITALIC_LINE = /^<i>([^<>]*)<\/i>$/;

/**
 * Lines after the first that are a translation, taken out of `body`: wholly `<lang xx>…</lang>`
 * (what the writer makes), or wholly in italics when the first line is not (language `und`).
 */
function translationLines(body: string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  const firstItalic = ITALIC_LINE.test(body[0]!.trim());
  for (let k = body.length - 1; k >= 1; k--) {
    const text = body[k]!.trim();
    const lang = LANG_LINE.exec(text);
    const italic = !lang && !firstItalic ? ITALIC_LINE.exec(text) : null;
    const m = lang
      ? { key: lang[1]!, text: lang[2]! }
      : italic
        ? { key: 'und', text: italic[1]! }
        : null;
    if (!m) continue;
    body.splice(k, 1);
    const decoded = decodeText(m.text).trim();
    if (decoded) out[m.key] = out[m.key] ? `${decoded} / ${out[m.key]}` : decoded;
  }
  return Object.keys(out).length ? out : null;
}

const decodeText = (text: string) =>
  text.replace(/&(amp|lt|gt|nbsp);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : '\u00a0',
  );

/** `text.trim() === ''`, with no new string for the usual line that starts with a character. */
function isBlank(text: string): boolean {
  return text.length === 0 || (isJsSpace(text.charCodeAt(0)) && text.trim() === '');
}

/** A block whose first line may be NOTE, STYLE or REGION (after any leading space). */
function maybeNotCue(line: string): boolean {
  let i = 0;
  while (i < line.length && isJsSpace(line.charCodeAt(i))) i++;
  const c = line.charCodeAt(i);
  return c === 78 /* N */ || c === 83 /* S */ || c === 82; /* R */
}

/** The cue's payload lines are one lyric line. */
const oneLine = (text: string) => (text.includes('\n') ? text.replace(/\n/g, ' ') : text);
