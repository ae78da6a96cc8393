import { buildResult, count, Warnings, type ParsedLine, type Segment } from '../build';
import { singerIndexes } from '../singers';
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
    const payload = parsePayload(
      at + 2 === block.length ? block[at + 1]! : block.slice(at + 1).join('\n'),
    );
    const line = cueLine(source, timing.start, timing.end, payload.texts, payload.stamps, warnings);
    if (line) cues.push({ line, voice: payload.voice });
  }
  const singers = singerIndexes(cues.map((c) => c.voice));
  cues.forEach((c, k) => {
    const singer = singers[k];
    if (singer !== undefined) c.line.singer = singer;
  });
  return buildResult(
    'vtt',
    encoding,
    cues.map((c) => c.line),
    warnings,
  );
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
