import type { AlignmentItem } from '../contract';
import { formatInfo } from './registry';
import {
  TimingFormatError,
  type ReadResult,
  type ReadWarning,
  type TimingFormat,
  type TimingMetadata,
} from './types';

/**
 * What every reader produces: lines of text segments, each segment timed or not. The builder turns
 * them into contract items: words split on whitespace, a word cut by segment boundaries becomes
 * sub-words (`\k` syllables, UltraStar notes without a leading space), and untimed text or a timed
 * segment holding several words is spread over its time by length and marked estimated.
 */
export interface Segment {
  text: string;
  /** Both or neither: an untimed segment is spread between its timed neighbours. */
  start?: number;
  end?: number;
  /** Joined to the previous word even after a space (UltraStar `~` continuation). */
  joinPrevious?: boolean;
}

export interface ParsedLine {
  /** 1-based source line, for warnings. */
  source: number | null;
  start: number;
  end: number;
  segments: Segment[];
  singer?: number;
  translations?: Record<string, string>;
}

export class Warnings {
  readonly list: ReadWarning[] = [];
  add(line: number | null, message: string): void {
    this.list.push({ line, message });
  }
}

interface Piece {
  text: string;
  start: number;
  end: number;
  newWord: boolean;
  estimated: boolean;
}

/** Times of untimed segments: spread over the gap between timed neighbours by text length. */
function resolveTimes(line: ParsedLine): { start: number; end: number; estimated: boolean }[] {
  const segs = line.segments;
  const out = segs.map((s) => ({ start: s.start ?? NaN, end: s.end ?? NaN, estimated: false }));
  let i = 0;
  while (i < segs.length) {
    if (!Number.isNaN(out[i]!.start) && !Number.isNaN(out[i]!.end)) {
      i++;
      continue;
    }
    let j = i;
    while (j < segs.length && (Number.isNaN(out[j]!.start) || Number.isNaN(out[j]!.end))) j++;
    const from = i > 0 ? out[i - 1]!.end : line.start;
    const to = j < segs.length ? out[j]!.start : line.end;
    let total = 0;
    for (let k = i; k < j; k++) total += weight(segs[k]!.text);
    let at = from;
    const span = Math.max(0, to - from);
    for (let k = i; k < j; k++) {
      const share = total > 0 ? (span * weight(segs[k]!.text)) / total : span / (j - i);
      out[k] = { start: at, end: at + share, estimated: true };
      at += share;
    }
    i = j;
  }
  return out;
}

/** Characters that take time to sing: everything but whitespace. */
function weight(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

/** Word separators: ASCII and Unicode spaces, no-break and ideographic spaces included. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

function piecesOf(line: ParsedLine): Piece[] {
  const times = resolveTimes(line);
  const pieces: Piece[] = [];
  let spaceBefore = true;
  line.segments.forEach((seg, index) => {
    const t = times[index]!;
    const text = seg.text;
    const join = seg.joinPrevious === true && pieces.length > 0;
    const runs: { text: string; newWord: boolean }[] = [];
    let before = join ? false : spaceBefore;
    let at = 0;
    while (at < text.length) {
      let sp = at;
      while (sp < text.length && isSpace(text.charCodeAt(sp))) sp++;
      if (sp > at && !(join && runs.length === 0)) before = true;
      if (sp >= text.length) break;
      let e = sp;
      while (e < text.length && !isSpace(text.charCodeAt(e))) e++;
      runs.push({ text: text.slice(sp, e), newWord: before });
      before = false;
      at = e;
    }
    if (text.length > 0) spaceBefore = before;
    if (runs.length === 0) return;
    let total = 0;
    for (const run of runs) total += run.text.length;
    const span = Math.max(0, t.end - t.start);
    let start = t.start;
    for (const run of runs) {
      const share = runs.length === 1 ? span : (span * run.text.length) / total;
      pieces.push({
        text: run.text,
        start,
        end: start + share,
        newWord: run.newWord,
        estimated: t.estimated || runs.length > 1,
      });
      start += share;
    }
  });
  return pieces;
}

const fix = (t: number) => (t > 0 ? t : 0);

export function buildResult(
  format: TimingFormat,
  encoding: string,
  lines: ParsedLine[],
  warnings: Warnings,
  metadata: TimingMetadata = {},
): ReadResult {
  const ordered = lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => a.line.start - b.line.start || a.i - b.i);
  const items: AlignmentItem[] = [];
  const estimatedFlags: boolean[] = [];
  let lineIndex = 0;
  let wordCount = 0;
  let negative = 0;
  for (const { line } of ordered) {
    const pieces = piecesOf(line);
    if (pieces.length === 0) continue;
    let word = -1;
    let subword = 0;
    let first = true;
    for (const p of pieces) {
      if (p.newWord || word < 0) {
        word++;
        subword = 0;
        wordCount++;
      } else subword++;
      if (!Number.isFinite(p.start) || !Number.isFinite(p.end)) {
        warnings.add(line.source, `"${p.text}" has no usable time; skipped.`);
        continue;
      }
      if (p.start < 0 || p.end < 0) negative++;
      const start = fix(p.start);
      const item: AlignmentItem = {
        line: lineIndex,
        word,
        subword,
        start,
        end: Math.max(start, fix(p.end)),
        text: p.text,
      };
      if (line.singer !== undefined) item.singer = line.singer;
      if (first && line.translations && Object.keys(line.translations).length > 0) {
        item.translations = Object.fromEntries(
          Object.entries(line.translations).map(([lang, text]) => [lang, { text }]),
        );
      }
      first = false;
      items.push(item);
      estimatedFlags.push(p.estimated);
    }
    lineIndex++;
  }
  if (negative > 0) {
    warnings.add(
      null,
      `${count(negative, 'time', 'times')} before 0:00 (after the offset) set to 0.`,
    );
  }
  return finish(format, encoding, items, estimatedFlags, warnings, metadata, lineIndex, wordCount);
}

/** Sorts by start (stable on lyric order), maps the estimated flags, fails when nothing was read. */
export function finish(
  format: TimingFormat,
  encoding: string,
  items: AlignmentItem[],
  estimatedFlags: boolean[] | null,
  warnings: Warnings,
  metadata: TimingMetadata,
  lineCount: number,
  wordCount: number,
): ReadResult {
  if (items.length === 0) {
    const why = warnings.list.length > 0 ? ` (${warnings.list[0]!.message})` : '';
    throw new TimingFormatError(
      `No timed lyrics could be read from this ${formatInfo(format).label} file${why}.`,
    );
  }
  const order = items.map((_, i) => i);
  order.sort((a, b) => {
    const x = items[a]!;
    const y = items[b]!;
    return (
      x.start - y.start || x.line - y.line || x.word - y.word || x.subword - y.subword || a - b
    );
  });
  const sorted = order.map((i) => items[i]!);
  const estimated = new Set<number>();
  if (estimatedFlags) order.forEach((from, to) => estimatedFlags[from] && estimated.add(to));
  return {
    format,
    encoding,
    items: sorted,
    estimated,
    warnings: warnings.list,
    lineCount,
    wordCount,
    metadata,
  };
}

/** "1 line" / "3 lines" in warnings. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
