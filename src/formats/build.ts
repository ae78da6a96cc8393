import type { AlignmentItem } from '../contract';
import { formatName } from './registry';
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

/**
 * Times of untimed segments: spread over the gap between timed neighbours by text length. Written
 * into typed arrays (start, end per segment), not an object per segment: readers of 100k-word
 * files call this once per line.
 */
function resolveTimes(line: ParsedLine): { times: Float64Array; estimated: Uint8Array } {
  const segs = line.segments;
  const n = segs.length;
  const times = new Float64Array(n * 2);
  const estimated = new Uint8Array(n);
  const timed = (k: number) => segs[k]!.start !== undefined && segs[k]!.end !== undefined;
  let i = 0;
  while (i < n) {
    if (timed(i)) {
      times[2 * i] = segs[i]!.start!;
      times[2 * i + 1] = segs[i]!.end!;
      i++;
      continue;
    }
    let j = i;
    while (j < n && !timed(j)) j++;
    const from = i > 0 ? times[2 * i - 1]! : line.start;
    const to = j < n ? segs[j]!.start! : line.end;
    let total = 0;
    for (let k = i; k < j; k++) total += weight(segs[k]!.text);
    let at = from;
    const span = Math.max(0, to - from);
    for (let k = i; k < j; k++) {
      const share = total > 0 ? (span * weight(segs[k]!.text)) / total : span / (j - i);
      times[2 * k] = at;
      times[2 * k + 1] = at + share;
      estimated[k] = 1;
      at += share;
    }
    i = j;
  }
  return { times, estimated };
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
  const { times, estimated } = resolveTimes(line);
  const pieces: Piece[] = [];
  // Word runs of the current segment as [start, end) offsets; reused across segments.
  const bounds: number[] = [];
  let spaceBefore = true;
  line.segments.forEach((seg, index) => {
    const text = seg.text;
    const join = seg.joinPrevious === true && pieces.length > 0;
    bounds.length = 0;
    let firstNewWord = false;
    let before = join ? false : spaceBefore;
    let at = 0;
    while (at < text.length) {
      let sp = at;
      while (sp < text.length && isSpace(text.charCodeAt(sp))) sp++;
      if (sp > at && !(join && bounds.length === 0)) before = true;
      if (sp >= text.length) break;
      let e = sp;
      while (e < text.length && !isSpace(text.charCodeAt(e))) e++;
      if (bounds.length === 0) firstNewWord = before;
      bounds.push(sp, e);
      before = false;
      at = e;
    }
    if (text.length > 0) spaceBefore = before;
    const runs = bounds.length / 2;
    if (runs === 0) return;
    const t0 = times[2 * index]!;
    const span = Math.max(0, times[2 * index + 1]! - t0);
    const spread = estimated[index] === 1 || runs > 1;
    if (runs === 1) {
      const whole = bounds[0] === 0 && bounds[1] === text.length;
      pieces.push({
        text: whole ? text : text.slice(bounds[0], bounds[1]),
        start: t0,
        end: t0 + span,
        newWord: firstNewWord,
        estimated: spread,
      });
      return;
    }
    let total = 0;
    for (let r = 0; r < bounds.length; r += 2) total += bounds[r + 1]! - bounds[r]!;
    let start = t0;
    for (let r = 0; r < bounds.length; r += 2) {
      const share = (span * (bounds[r + 1]! - bounds[r]!)) / total;
      pieces.push({
        text: text.slice(bounds[r], bounds[r + 1]),
        start,
        end: start + share,
        newWord: r === 0 ? firstNewWord : true,
        estimated: spread,
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
    const first = warnings.list[0];
    const why = first
      ? ` (${first.line === null ? '' : `line ${first.line}: `}${quiet(first.message)})`
      : '';
    throw new TimingFormatError(
      `No timed lyrics could be read from this ${formatName(format)} file${why}.`,
    );
  }
  const before = (x: AlignmentItem, y: AlignmentItem) =>
    x.start - y.start || x.line - y.line || x.word - y.word || x.subword - y.subword;
  // Most files are already in time order: check before paying for an index sort of 100k items.
  let inOrder = true;
  for (let i = 1; i < items.length && inOrder; i++) inOrder = before(items[i - 1]!, items[i]!) <= 0;
  const estimated = new Set<number>();
  let sorted = items;
  if (inOrder) {
    if (estimatedFlags) estimatedFlags.forEach((flag, i) => flag && estimated.add(i));
  } else {
    const order = items.map((_, i) => i);
    order.sort((a, b) => before(items[a]!, items[b]!) || a - b);
    sorted = order.map((i) => items[i]!);
    if (estimatedFlags) order.forEach((from, to) => estimatedFlags[from] && estimated.add(to));
  }
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

/** A warning as a clause inside the one-sentence error: no capital, no closing period. */
function quiet(message: string): string {
  const clause = message.replace(/(; skipped)?\.$/, '');
  return clause.charAt(0).toLowerCase() + clause.slice(1);
}
