import { buildResult, count, Warnings, type ParsedLine, type Segment } from '../build';
import { singerIndexes } from '../singers';
import { parseCueTiming } from '../srt/read';
import { splitLines } from '../text/lines';
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
    if (lines[i]!.trim() === '') {
      i++;
      continue;
    }
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    const head = block[0]!.trim();
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(head)) continue;
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
    const payload = parsePayload(block.slice(at + 1).join('\n'));
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
  if (texts.every((t) => t.trim() === '')) return null;
  if (end < start) {
    warnings.add(source, 'This cue ends before it starts; its end was set to its start.');
    end = start;
  }
  if (stamps.length === 0)
    return { source, start, end, segments: [{ text: texts[0]!.replace(/\n/g, ' ') }] };
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
    text: t.replace(/\n/g, ' '),
    start: bounds[k]!,
    end: bounds[k + 1]!,
  }));
  return { source, start, end, segments };
}
