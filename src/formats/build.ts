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

/** Word runs of the segment being read, as [start, end) offsets (`cut.runs` numbers); reused. */
let bounds = new Int32Array(64);
const cut = { runs: 0, firstNewWord: false, spaceAfter: false };

/**
 * Cuts `text` into word runs (into `bounds` and `cut`): a run starts a new word after whitespace,
 * or at the start when `spaceBefore` (and the segment does not `join` the word before).
 */
function cutRuns(text: string, join: boolean, spaceBefore: boolean): void {
  if (bounds.length < text.length + 2) bounds = new Int32Array(text.length * 2 + 2);
  // A local for the hot loops (a module binding is a slower load).
  const bnd = bounds;
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
    bnd[runs++] = sp;
    bnd[runs++] = e;
    before = false;
    at = e;
  }
  cut.runs = runs;
  cut.firstNewWord = firstNewWord;
  cut.spaceAfter = text.length > 0 ? before : spaceBefore;
}

/** What the builder has made so far. */
interface Build {
  readonly items: AlignmentItem[];
  readonly estimatedFlags: boolean[];
  readonly warnings: Warnings;
  wordCount: number;
  /** Times before 0:00, set to 0. */
  negative: number;
}

/** Where the builder is in a line: its word and sub-word numbers and the word's first item. */
interface Cursor {
  readonly line: ParsedLine;
  readonly lineIndex: number;
  readonly translations: Record<string, string> | null;
  pieces: number;
  word: number;
  subword: number;
  first: boolean;
  wordHead: AlignmentItem | undefined;
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
  const b: Build = { items: [], estimatedFlags: [], warnings, wordCount: 0, negative: 0 };
  let lineIndex = 0;
  for (const line of byStart(lines)) if (buildLine(line, lineIndex, b) > 0) lineIndex++;
  if (b.negative > 0) {
    warnings.add(
      null,
      `${count(b.negative, 'time', 'times')} before 0:00 (after the offset) set to 0.`,
    );
  }
  return finish(
    format,
    encoding,
    b.items,
    b.estimatedFlags,
    warnings,
    metadata,
    lineIndex,
    b.wordCount,
  );
}

/** Adds a line's items; returns how many pieces of text it had. */
function buildLine(line: ParsedLine, lineIndex: number, b: Build): number {
  resolveTimes(line);
  const c: Cursor = {
    line,
    lineIndex,
    translations:
      line.translations && Object.keys(line.translations).length > 0 ? line.translations : null,
    pieces: 0,
    word: -1,
    subword: 0,
    first: true,
    wordHead: undefined,
  };
  let spaceBefore = true;
  const segs = line.segments;
  for (let index = 0; index < segs.length; index++) {
    const seg = segs[index]!;
    if (index > 0 && segs[index - 1]!.spaceAfter === true) spaceBefore = true;
    cutRuns(seg.text, seg.joinPrevious === true && c.pieces > 0, spaceBefore);
    spaceBefore = cut.spaceAfter;
    if (cut.runs > 0) addRuns(seg, index, c, b);
  }
  return c.pieces;
}

/** The items of one segment's word runs (just cut), spread over its time when there are several. */
function addRuns(seg: Segment, index: number, c: Cursor, b: Build): void {
  const text = seg.text;
  const runs = cut.runs;
  const bnd = bounds;
  const t0 = times[2 * index]!;
  const span = Math.max(0, times[2 * index + 1]! - t0);
  const spread = estimated[index] === 1 || runs > 2;
  let total = 0;
  for (let r = 0; r < runs; r += 2) total += bnd[r + 1]! - bnd[r]!;
  let pieceEnd = t0;
  for (let r = 0; r < runs; r += 2) {
    const whole = bnd[r] === 0 && bnd[r + 1] === text.length;
    const piece = whole ? text : text.slice(bnd[r], bnd[r + 1]);
    const pieceStart = pieceEnd;
    pieceEnd = runs === 2 ? t0 + span : pieceStart + (span * (bnd[r + 1]! - bnd[r]!)) / total;
    c.pieces++;
    if ((r === 0 ? cut.firstNewWord : true) || c.word < 0) {
      c.word++;
      c.subword = 0;
      b.wordCount++;
    } else c.subword++;
    if (!Number.isFinite(pieceStart) || !Number.isFinite(pieceEnd)) {
      b.warnings.add(c.line.source, `"${piece}" has no usable time; skipped.`);
      continue;
    }
    if (pieceStart < 0 || pieceEnd < 0) b.negative++;
    const item = newItem(c, pieceStart, pieceEnd, piece);
    if (c.subword === 0) c.wordHead = item;
    if (r === 0 && seg.readings) addReadings(c.subword === 0 ? item : c.wordHead, seg.readings);
    c.first = false;
    b.items.push(item);
    b.estimatedFlags.push(spread);
  }
}

function newItem(c: Cursor, start: number, end: number, text: string): AlignmentItem {
  const itemStart = fix(start);
  const itemEnd = Math.max(itemStart, fix(end));
  const { lineIndex: line, word, subword } = c;
  const singer = c.line.singer;
  // One literal per shape rather than a field added after: 100k items.
  const item: AlignmentItem =
    singer === undefined
      ? { line, word, subword, start: itemStart, end: itemEnd, text }
      : { line, word, subword, start: itemStart, end: itemEnd, text, singer };
  if (c.first && c.translations) {
    item.translations = Object.fromEntries(
      Object.entries(c.translations).map(([lang, t]) => [lang, { text: t }]),
    );
  }
  return item;
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
