import type { AlignmentItem } from '../contract';
import { formatName } from './registry';
import { isSpace } from './text/lines';
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
  /**
   * Whitespace follows (the next segment starts a word), as an untimed whitespace-only segment
   * after this one would say without being one: TTML has one between every two words.
   */
  spaceAfter?: boolean;
  /** Word-level readings (romanization) of the word this segment starts: language -> text. */
  readings?: Record<string, string>;
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

/** Growable scratch for `resolveTimes`: one line at a time, so no typed arrays per line. */
let times = new Float64Array(256);
let estimated = new Uint8Array(128);

/**
 * Times of untimed segments: spread over the gap between timed neighbours by text length. Written
 * into the scratch arrays (start, end per segment), not an object per segment: readers of 100k-word
 * files call this once per line.
 */
function resolveTimes(line: ParsedLine): void {
  const segs = line.segments;
  const n = segs.length;
  if (estimated.length < n) {
    times = new Float64Array(n * 4);
    estimated = new Uint8Array(n * 2);
  }
  estimated.fill(0, 0, n);
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
}

/** Characters that take time to sing: everything but whitespace. */
function weight(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

const fix = (t: number) => (t > 0 ? t : 0);

/** Lines by start, stable: the readers' order when it already is (the common case), no sort. */
function byStart(lines: ParsedLine[]): ParsedLine[] {
  let sorted = true;
  for (let i = 1; i < lines.length && sorted; i++) sorted = lines[i - 1]!.start <= lines[i]!.start;
  if (sorted) return lines;
  const order = lines.map((_, i) => i);
  order.sort((a, b) => lines[a]!.start - lines[b]!.start || a - b);
  return order.map((i) => lines[i]!);
}

/**
 * Items straight from the segments (no object per word in between): each segment's text is cut
 * into word runs; a run starts a new word after whitespace (or at a line's start), else it is the
 * next sub-word of the word before it. A segment holding several runs, or an untimed one, is
 * spread over its time by length and marked estimated.
 */
export function buildResult(
  format: TimingFormat,
  encoding: string,
  lines: ParsedLine[],
  warnings: Warnings,
  metadata: TimingMetadata = {},
): ReadResult {
  const items: AlignmentItem[] = [];
  const estimatedFlags: boolean[] = [];
  // Word runs of the current segment as [start, end) offsets (`runs` numbers); reused.
  let bounds = new Int32Array(64);
  let lineIndex = 0;
  let wordCount = 0;
  let negative = 0;
  for (const line of byStart(lines)) {
    resolveTimes(line);
    let pieces = 0;
    let word = -1;
    let subword = 0;
    let first = true;
    let wordHead: AlignmentItem | undefined;
    let spaceBefore = true;
    const translations =
      line.translations && Object.keys(line.translations).length > 0 ? line.translations : null;
    const segs = line.segments;
    for (let index = 0; index < segs.length; index++) {
      const seg = segs[index]!;
      if (index > 0 && segs[index - 1]!.spaceAfter === true) spaceBefore = true;
      const text = seg.text;
      const join = seg.joinPrevious === true && pieces > 0;
      if (bounds.length < text.length + 2) bounds = new Int32Array(text.length * 2 + 2);
      let runs = 0;
      let firstNewWord = false;
      let before: boolean = join ? false : spaceBefore;
      let at = 0;
      while (at < text.length) {
        let sp = at;
        while (sp < text.length && isSpace(text.charCodeAt(sp))) sp++;
        if (sp > at && !(join && runs === 0)) before = true;
        if (sp >= text.length) break;
        let e = sp;
        while (e < text.length && !isSpace(text.charCodeAt(e))) e++;
        if (runs === 0) firstNewWord = before;
        bounds[runs++] = sp;
        bounds[runs++] = e;
        before = false;
        at = e;
      }
      if (text.length > 0) spaceBefore = before;
      if (runs === 0) continue;
      const t0 = times[2 * index]!;
      const span = Math.max(0, times[2 * index + 1]! - t0);
      const spread = estimated[index] === 1 || runs > 2;
      let total = 0;
      for (let r = 0; r < runs; r += 2) total += bounds[r + 1]! - bounds[r]!;
      let pieceEnd = t0;
      for (let r = 0; r < runs; r += 2) {
        const whole = bounds[r] === 0 && bounds[r + 1] === text.length;
        const piece = whole ? text : text.slice(bounds[r], bounds[r + 1]);
        const pieceStart = pieceEnd;
        pieceEnd =
          runs === 2 ? t0 + span : pieceStart + (span * (bounds[r + 1]! - bounds[r]!)) / total;
        pieces++;
        if ((r === 0 ? firstNewWord : true) || word < 0) {
          word++;
          subword = 0;
          wordCount++;
        } else subword++;
        if (!Number.isFinite(pieceStart) || !Number.isFinite(pieceEnd)) {
          warnings.add(line.source, `"${piece}" has no usable time; skipped.`);
          continue;
        }
        if (pieceStart < 0 || pieceEnd < 0) negative++;
        const itemStart = fix(pieceStart);
        const itemEnd = Math.max(itemStart, fix(pieceEnd));
        // One literal per shape rather than a field added after: 100k items.
        const item: AlignmentItem =
          line.singer === undefined
            ? { line: lineIndex, word, subword, start: itemStart, end: itemEnd, text: piece }
            : {
                line: lineIndex,
                word,
                subword,
                start: itemStart,
                end: itemEnd,
                text: piece,
                singer: line.singer,
              };
        if (first && translations) {
          item.translations = Object.fromEntries(
            Object.entries(translations).map(([lang, text]) => [lang, { text }]),
          );
        }
        if (subword === 0) wordHead = item;
        if (r === 0 && seg.readings) addReadings(subword === 0 ? item : wordHead, seg.readings);
        first = false;
        items.push(item);
        estimatedFlags.push(spread);
      }
    }
    if (pieces > 0) lineIndex++;
  }
  if (negative > 0) {
    warnings.add(
      null,
      `${count(negative, 'time', 'times')} before 0:00 (after the offset) set to 0.`,
    );
  }
  return finish(format, encoding, items, estimatedFlags, warnings, metadata, lineIndex, wordCount);
}

/** A word's readings go on its first sub-word; a later syllable's reading is appended. */
function addReadings(head: AlignmentItem | undefined, readings: Record<string, string>): void {
  if (!head) return;
  for (const [lang, text] of Object.entries(readings)) {
    if (!text) continue;
    const tr = (head.translations ??= {});
    const had = tr[lang];
    tr[lang] = { text: had ? had.text + text : text };
  }
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
