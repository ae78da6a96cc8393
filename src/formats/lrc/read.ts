import { buildResult, Warnings, type ParsedLine } from '../build';
import { indexWithin, isBlank, splitLines } from '../text/lines';
import type { ReadResult, TimingMetadata } from '../types';
import { parseLrcStampIn, TAG } from './stamp';

/**
 * LRC and enhanced LRC in one reader. A line is `[t1][t2]...text`; inside the text, `<t>` (A2
 * enhanced LRC) or `[t]` (ESLyric) stamps are boundaries between words or syllables: the text
 * between two stamps is sung between them. A line's end is the next stamp in the file (the next
 * line or an empty `[t]` line). A line-timed line with the same time as the one before it is that
 * line's translation (the common convention of lyric sites).
 */
interface Entry {
  source: number;
  start: number;
  /** Boundaries after the line stamp (NaN: unknown) and the texts between them. */
  texts: string[];
  stamps: number[];
}

const MAX_STAMP = 18;

/** Splits `rest` at `<t>` / `[t]` stamps. A bracket that is not a time stays text. */
function inlineStamps(rest: string): { texts: string[]; stamps: number[] } {
  const texts: string[] = [];
  const stamps: number[] = [];
  let from = 0;
  let i = 0;
  // Slices between stamps, not text built a character at a time (100k-word files).
  while (i < rest.length) {
    const c = rest.charCodeAt(i);
    if (c === 60 /* < */ || c === 91 /* [ */) {
      const close = indexWithin(rest, c === 60 ? '>' : ']', i + 1, MAX_STAMP);
      if (close > i) {
        const t = parseLrcStampIn(rest, i + 1, close);
        if (!Number.isNaN(t)) {
          texts.push(rest.slice(from, i));
          stamps.push(t);
          i = from = close + 1;
          continue;
        }
      }
    }
    i++;
  }
  texts.push(rest.slice(from));
  return { texts, stamps };
}

export function readLrc(text: string, encoding: string, format: 'lrc' | 'elrc'): ReadResult {
  const warnings = new Warnings();
  const metadata: TimingMetadata = {};
  const entries: Entry[] = [];
  const breaks: number[] = [];
  let offset = 0;
  const lines = splitLines(text);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n]!.trim();
    if (raw.length === 0) continue;
    const starts: number[] = [];
    let at = 0;
    while (raw[at] === '[') {
      const close = indexWithin(raw, ']', at, MAX_STAMP);
      if (close < 0) break;
      const t = parseLrcStampIn(raw, at + 1, close);
      if (Number.isNaN(t)) break;
      starts.push(t);
      at = close + 1;
    }
    if (starts.length === 0) {
      const tag = TAG.exec(raw);
      if (tag)
        offset = readTag(tag[1]!.toLowerCase(), tag[2]!.trim(), metadata, offset, n + 1, warnings);
      else warnings.add(n + 1, 'This line has no time stamp; skipped.');
      continue;
    }
    const { texts, stamps } = inlineStamps(raw.slice(at));
    if (stamps.length === 0 && isBlank(texts[0]!)) {
      breaks.push(...starts);
      continue;
    }
    // A line with several stamps is sung at each; word stamps move with it.
    if (starts.length === 1) entries.push({ source: n + 1, start: starts[0]!, texts, stamps });
    else {
      for (const start of starts) {
        const shift = start - starts[0]!;
        entries.push({ source: n + 1, start, texts, stamps: stamps.map((s) => s + shift) });
      }
    }
  }
  const shifted = offset / 1000;
  return buildResult(
    format,
    encoding,
    toLines(entries, breaks, shifted, warnings),
    warnings,
    metadata,
  );
}

function readTag(
  key: string,
  value: string,
  metadata: TimingMetadata,
  offset: number,
  line: number,
  warnings: Warnings,
): number {
  if (key === 'ti' && value) metadata.title = value;
  else if (key === 'ar' && value) metadata.artist = value;
  else if ((key === 'la' || key === 'lang') && value) metadata.language = value;
  else if (key === 'offset') {
    const ms = Number(value.replace(/^\+/, ''));
    if (Number.isFinite(ms)) return ms;
    warnings.add(line, `The offset "${value}" is not a number of milliseconds; ignored.`);
  }
  return offset;
}

/** Estimated length of a last line that has nothing after it: 0.4 s a word, at least 1 s. */
function lastLineLength(texts: string[]): number {
  const words = texts.join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, 0.4 * words);
}

function toLines(
  entries: Entry[],
  breaks: number[],
  offset: number,
  warnings: Warnings,
): ParsedLine[] {
  entries.sort((a, b) => a.start - b.start || a.source - b.source);
  const bounds = [...entries.map((e) => e.start), ...breaks].sort((a, b) => a - b);
  let b = 0;
  const out: ParsedLine[] = [];
  let previous: { entry: Entry; line: ParsedLine } | null = null;
  for (const entry of entries) {
    while (b < bounds.length && bounds[b]! <= entry.start) b++;
    const next = b < bounds.length ? bounds[b]! : NaN;
    const lineTimed = entry.stamps.length === 0;
    if (lineTimed && previous && previous.entry.start === entry.start) {
      const translation = entry.texts[0]!.trim();
      const tr = (previous.line.translations ??= {});
      tr.und = tr.und ? `${tr.und} / ${translation}` : translation;
      continue;
    }
    const line = lineOf(entry, next, offset, warnings);
    out.push(line);
    previous = { entry, line };
  }
  return out;
}

function lineOf(entry: Entry, next: number, offset: number, warnings: Warnings): ParsedLine {
  const { texts } = entry;
  const stamps = cleanStamps(entry, warnings);
  let start = entry.start;
  // ESLyric files put `[00:00.000]` before lines whose start is unknown: start before the first word stamp.
  if (start === 0 && (stamps[0] ?? 0) > 1 && !isBlank(texts[0]!)) {
    start = Math.max(0, stamps[0]! - lastLineLength([texts[0]!]));
  }
  let lastKnown = start;
  for (const t of stamps) if (!Number.isNaN(t)) lastKnown = t;
  const tail = texts[texts.length - 1]!;
  let end = lastKnown;
  if (!isBlank(tail)) end = next > lastKnown ? next : lastKnown + lastLineLength([tail]);
  const line: ParsedLine = {
    source: entry.source,
    start: start - offset,
    end: end - offset,
    segments: [],
  };
  if (stamps.length === 0) {
    // Line-timed: the words are spread over the line (estimated).
    line.segments.push({ text: texts[0]! });
    return line;
  }
  // Text i is sung from bound i to bound i + 1: the line start, the word stamps, the line end.
  const bound = (i: number) => (i === 0 ? start : i > stamps.length ? end : stamps[i - 1]!);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    const s = bound(i);
    const e = bound(i + 1);
    line.segments.push(
      Number.isNaN(s) || Number.isNaN(e) ? { text } : { text, start: s - offset, end: e - offset },
    );
  }
  return line;
}

/** Word stamps out of order: a zero after later times is an ESLyric placeholder, others a mistake. */
function cleanStamps(entry: Entry, warnings: Warnings): number[] {
  let last = entry.start;
  let inOrder = true;
  for (let i = 0; i < entry.stamps.length && inOrder; i++) {
    inOrder = entry.stamps[i]! >= last;
    last = entry.stamps[i]!;
  }
  if (inOrder) return entry.stamps;
  last = entry.start;
  return entry.stamps.map((t) => {
    if (t >= last) {
      last = t;
      return t;
    }
    if (t !== 0) {
      warnings.add(
        entry.source,
        `A word time stamp goes back in time; it was ignored and the words spread.`,
      );
    }
    return NaN;
  });
}
