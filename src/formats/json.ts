import type { AlignmentItem } from '../contract';
import { finish, Warnings } from './build';
import { TimingFormatError, type ReadResult } from './types';

/** The service's shape, `{ "items": AlignmentItem[] }` in seconds; also a bare array or an Alignment. */
export function readJson(text: string, encoding: string): ReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : 'syntax error';
    throw new TimingFormatError(`This JSON file cannot be parsed (${why}).`);
  }
  const list = itemsOf(data);
  if (!list) {
    throw new TimingFormatError('This JSON file has no "items" list of timed words.');
  }
  const warnings = new Warnings();
  const items: AlignmentItem[] = [];
  list.forEach((raw, i) => {
    const why = problemOf(raw);
    if (why) warnings.add(null, `Item ${i + 1} was skipped: ${why}.`);
    else items.push(toItem(raw as Record<string, unknown>, warnings, i));
  });
  // Distinct lines, and words within them, counted by number (no key string per item).
  const wordsByLine = new Map<number, Set<number>>();
  let words = 0;
  for (const x of items) {
    let inLine = wordsByLine.get(x.line);
    if (!inLine) wordsByLine.set(x.line, (inLine = new Set()));
    if (!inLine.has(x.word)) {
      inLine.add(x.word);
      words++;
    }
  }
  return finish('json', encoding, items, null, warnings, {}, wordsByLine.size, words);
}

function itemsOf(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data as unknown[];
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (Array.isArray(o.items)) return o.items as unknown[];
    const inner = o.alignment as Record<string, unknown> | undefined;
    if (inner && typeof inner === 'object' && Array.isArray(inner.items))
      return inner.items as unknown[];
  }
  return null;
}

const isIndex = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isTime = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const INDEXES = ['line', 'word', 'subword'] as const;

function problemOf(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'not an object';
  const o = raw as Record<string, unknown>;
  for (const k of INDEXES) {
    if (!isIndex(o[k])) return `"${k}" is not a whole number of 0 or more`;
  }
  if (!isTime(o.start)) return '"start" is not a number of seconds of 0 or more';
  if (!isTime(o.end)) return '"end" is not a number of seconds of 0 or more';
  if (typeof o.text !== 'string') return '"text" is not a string';
  if (o.singer !== undefined && !isIndex(o.singer)) return '"singer" is not a whole number';
  return null;
}

/** Only the contract's fields are kept (the service rejects others). */
function toItem(o: Record<string, unknown>, warnings: Warnings, i: number): AlignmentItem {
  const start = o.start as number;
  let end = o.end as number;
  if (end < start) {
    warnings.add(null, `Item ${i + 1} ended before it started; its end was set to its start.`);
    end = start;
  }
  const item: AlignmentItem = {
    line: o.line as number,
    word: o.word as number,
    subword: o.subword as number,
    start,
    end,
    text: o.text as string,
  };
  if (typeof o.id === 'string' && o.id.length > 0) item.id = o.id;
  if (o.singer !== undefined) item.singer = o.singer as number;
  const translations = translationsOf(o.translations);
  if (translations) item.translations = translations;
  return item;
}

function translationsOf(raw: unknown): AlignmentItem['translations'] {
  if (!raw || typeof raw !== 'object') return undefined;
  const out: NonNullable<AlignmentItem['translations']> = {};
  for (const [lang, t] of Object.entries(raw as Record<string, unknown>)) {
    if (t && typeof t === 'object' && typeof (t as { text?: unknown }).text === 'string') {
      const { text, editedManually } = t as { text: string; editedManually?: unknown };
      out[lang] = typeof editedManually === 'boolean' ? { text, editedManually } : { text };
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** One item per line: readable in a diff, and valid for `PUT .../alignments/{id}` as `alignment`. */
export function writeJson(items: readonly AlignmentItem[]): string {
  if (items.length === 0) return '{ "items": [] }\n';
  const rows = items.map((x) => {
    const item: AlignmentItem = {
      line: x.line,
      word: x.word,
      subword: x.subword,
      start: x.start,
      end: x.end,
      text: x.text,
    };
    if (x.id !== undefined) item.id = x.id;
    if (x.singer !== undefined) item.singer = x.singer;
    if (x.translations !== undefined) item.translations = x.translations;
    return JSON.stringify(item);
  });
  return `{ "items": [\n  ${rows.join(',\n  ')}\n] }\n`;
}
