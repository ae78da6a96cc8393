/**
 * A project response's JSON read straight into what the project reader's worker sends: the
 * payload with each plain item list emptied, and those lists as columns (`item-columns.ts`). The
 * same result as `JSON.parse` then `takeItemColumns` (`readProjectJson`), without making 100,000
 * item objects only to read them into columns and drop them: the item lists are read from the
 * text by a scanner made for them (the rest of the project, small, by `JSON.parse`). Anything the
 * scanner is unsure of (an escape in a key, an exponent, a duplicate key on the way to the items,
 * text that is not JSON) goes the general way; the property test compares both on arbitrary text.
 */
import { takeItemColumns, type AlignmentColumns, type ItemColumns } from './item-columns';

export interface ProjectRead {
  /** The parsed JSON (the text itself when it is not JSON), the columnised lists emptied. */
  payload: unknown;
  columns: AlignmentColumns[];
}

/** The general way: `JSON.parse` (the text when it is not JSON), then `takeItemColumns`. */
export function readProjectJson(text: string): ProjectRead {
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      payload = text;
    }
  }
  return { payload, columns: takeItemColumns(payload) };
}

/** What `readProjectJson` gives, the plain item lists scanned from the text. */
export function readProjectText(text: string): ProjectRead {
  let lists: ScannedList[] | null;
  try {
    lists = findItemLists(text);
  } catch {
    lists = null; // too deep for the stack, or anything unforeseen: the general way
  }
  if (!lists || lists.length === 0) return readProjectJson(text);
  let rest = '';
  let from = 0;
  for (const list of lists) {
    rest += text.slice(from, list.from) + '[]';
    from = list.to;
  }
  rest += text.slice(from);
  let payload: unknown;
  try {
    payload = JSON.parse(rest) as unknown;
  } catch {
    return readProjectJson(text);
  }
  const scanned = new Set(lists.map((l) => l.at));
  // lists the scanner left (not plain, or not sure) are read as the general way reads them
  const columns = takeItemColumns(payload, scanned);
  for (const list of lists) columns.push({ at: list.at, columns: list.columns });
  return { payload, columns: columns.sort((a, b) => a.at - b.at) };
}

interface ScannedList {
  /** The alignment's place in `alignments`. */
  at: number;
  /** The list's text, `[` to after `]`. */
  from: number;
  to: number;
  columns: ItemColumns;
}

/** Char codes. */
const CH_TAB = 9;
const CH_LF = 10;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_QUOTE = 34;
const CH_PLUS = 43;
const CH_COMMA = 44;
const CH_MINUS = 45;
const CH_DOT = 46;
const CH_ZERO = 48;
const CH_NINE = 57;
const CH_COLON = 58;
const CH_BIG_E = 69;
const CH_OPEN_BRACKET = 91;
const CH_BACKSLASH = 92;
const CH_CLOSE_BRACKET = 93;
const CH_SMALL_E = 101;
const CH_OPEN_BRACE = 123;
const CH_CLOSE_BRACE = 125;

/** Thrown (and caught in `readProjectText`) when the text is not what the scanner reads. */
class NotSure extends Error {}
const notSure = (): never => {
  throw new NotSure();
};

/** Where the scanner is in the text. */
interface Cursor {
  text: string;
  at: number;
  /** Whether the last string skipped had an escape. */
  escaped: boolean;
  /**
   * The text has no escape and no control character anywhere (what JSON.stringify writes with
   * no indent, unless a string holds one): a string ends at the next quote.
   */
  plain: boolean;
}

function ws(c: Cursor): number {
  const t = c.text;
  let p = c.at;
  let ch = t.charCodeAt(p);
  while (ch === CH_SPACE || ch === CH_LF || ch === CH_CR || ch === CH_TAB) ch = t.charCodeAt(++p);
  c.at = p;
  return ch;
}

/** A string's end (after its closing quote), from its opening quote; escapes checked. */
function skipString(c: Cursor): number {
  const t = c.text;
  let p = c.at + 1;
  c.escaped = false;
  if (c.plain) {
    p = t.indexOf('"', p);
    if (p < 0) notSure();
    return (c.at = p + 1);
  }
  for (;;) {
    const ch = t.charCodeAt(p);
    if (ch === CH_QUOTE) return (c.at = p + 1);
    if (ch < 0x20 || Number.isNaN(ch)) notSure();
    if (ch === CH_BACKSLASH) {
      c.escaped = true;
      const e = t.charCodeAt(p + 1);
      if (e === 117 /* u */) {
        if (!/^[0-9a-fA-F]{4}$/.test(t.slice(p + 2, p + 6))) notSure();
        p += 6;
      } else if (
        e === CH_QUOTE ||
        e === CH_BACKSLASH ||
        e === 47 ||
        e === 98 ||
        e === 102 ||
        e === 110 ||
        e === 114 ||
        e === 116
      )
        p += 2;
      else notSure();
    } else p++;
  }
}

/** A string's value, from its opening quote. */
function readString(c: Cursor): string {
  const from = c.at;
  const to = skipString(c);
  return c.escaped
    ? (JSON.parse(c.text.slice(from, to)) as string)
    : c.text.slice(from + 1, to - 1);
}

/** A number's end, its grammar checked (JSON's: no leading zeros, no bare dot, no plus). */
function skipNumber(c: Cursor): void {
  const t = c.text;
  let p = c.at;
  if (t.charCodeAt(p) === CH_MINUS) p++;
  let ch = t.charCodeAt(p);
  if (ch === CH_ZERO) ch = t.charCodeAt(++p);
  else if (ch > CH_ZERO && ch <= CH_NINE)
    while (ch >= CH_ZERO && ch <= CH_NINE) ch = t.charCodeAt(++p);
  else notSure();
  if (ch === CH_DOT) {
    ch = t.charCodeAt(++p);
    if (!(ch >= CH_ZERO && ch <= CH_NINE)) notSure();
    while (ch >= CH_ZERO && ch <= CH_NINE) ch = t.charCodeAt(++p);
  }
  if (ch === CH_SMALL_E || ch === CH_BIG_E) {
    ch = t.charCodeAt(++p);
    if (ch === CH_PLUS || ch === CH_MINUS) ch = t.charCodeAt(++p);
    if (!(ch >= CH_ZERO && ch <= CH_NINE)) notSure();
    while (ch >= CH_ZERO && ch <= CH_NINE) ch = t.charCodeAt(++p);
  }
  c.at = p;
}

/** Any JSON value, checked, skipped. */
function skipValue(c: Cursor): void {
  const ch = ws(c);
  if (ch === CH_QUOTE) skipString(c);
  else if (ch === CH_OPEN_BRACE) {
    c.at++;
    if (ws(c) === CH_CLOSE_BRACE) {
      c.at++;
      return;
    }
    for (;;) {
      if (ws(c) !== CH_QUOTE) notSure();
      skipString(c);
      if (ws(c) !== CH_COLON) notSure();
      c.at++;
      skipValue(c);
      const next = ws(c);
      c.at++;
      if (next === CH_CLOSE_BRACE) return;
      if (next !== CH_COMMA) notSure();
    }
  } else if (ch === CH_OPEN_BRACKET) {
    c.at++;
    if (ws(c) === CH_CLOSE_BRACKET) {
      c.at++;
      return;
    }
    for (;;) {
      skipValue(c);
      const next = ws(c);
      c.at++;
      if (next === CH_CLOSE_BRACKET) return;
      if (next !== CH_COMMA) notSure();
    }
  } else if (ch === CH_MINUS || (ch >= CH_ZERO && ch <= CH_NINE)) skipNumber(c);
  else if (c.text.startsWith('true', c.at)) c.at += 4;
  else if (c.text.startsWith('false', c.at)) c.at += 5;
  else if (c.text.startsWith('null', c.at)) c.at += 4;
  else notSure();
}

/**
 * Walks the members of the object at the cursor, calling `member` with each key (the cursor at
 * its value, which `member` must pass); a key wanted twice is not sure (JSON.parse keeps the last).
 */
function members(c: Cursor, wanted: readonly string[], member: (key: string) => void): void {
  if (ws(c) !== CH_OPEN_BRACE) notSure();
  c.at++;
  if (ws(c) === CH_CLOSE_BRACE) {
    c.at++;
    return;
  }
  const seen = new Set<string>();
  for (;;) {
    if (ws(c) !== CH_QUOTE) notSure();
    const key = readString(c);
    if (ws(c) !== CH_COLON) notSure();
    c.at++;
    if (wanted.includes(key)) {
      if (seen.has(key)) notSure();
      seen.add(key);
      member(key);
    } else skipValue(c);
    const next = ws(c);
    c.at++;
    if (next === CH_CLOSE_BRACE) return;
    if (next !== CH_COMMA) notSure();
  }
}

/**
 * The plain item lists of a project's text (`{ alignments: [{ alignment: { items } }] }`), read
 * into columns; null when the text is not sure JSON of an object.
 */
function findItemLists(text: string): ScannedList[] | null {
  // eslint-disable-next-line no-control-regex
  const c: Cursor = { text, at: 0, escaped: false, plain: !/[\x00-\x1f\\]/.test(text) };
  const lists: ScannedList[] = [];
  try {
    members(c, ['alignments'], () => {
      if (ws(c) !== CH_OPEN_BRACKET) return skipValue(c);
      c.at++;
      if (ws(c) === CH_CLOSE_BRACKET) {
        c.at++;
        return;
      }
      for (let at = 0; ; at++) {
        if (ws(c) === CH_OPEN_BRACE)
          members(c, ['alignment'], () => {
            if (ws(c) !== CH_OPEN_BRACE) return skipValue(c);
            members(c, ['items'], () => {
              const from = c.at;
              if (ws(c) !== CH_OPEN_BRACKET) return skipValue(c);
              const list = scanItems(c);
              if (list) lists.push({ at, from, to: c.at, columns: list });
              else {
                c.at = from;
                skipValue(c);
              }
            });
          });
        else skipValue(c);
        const next = ws(c);
        c.at++;
        if (next === CH_CLOSE_BRACKET) return;
        if (next !== CH_COMMA) notSure();
      }
    });
    ws(c);
    if (c.at !== text.length) notSure();
  } catch (error) {
    if (error instanceof NotSure) return null;
    throw error;
  }
  return lists;
}

const NUMBERS = 6;
/** 10^k, exact for k <= 22. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Marks a value that is not what a plain item holds there. */
const NOT_PLAIN = -1;

/**
 * A number's value as `JSON.parse` gives it (`NOT_PLAIN` for a negative one: no plain item
 * holds one). Up to 15 significant digits and 22 decimals, the digits as an integer divided by a
 * power of ten: both exact, so the one division is correctly rounded, as JSON.parse's reading.
 */
function readNumber(c: Cursor): number {
  const t = c.text;
  const from = c.at;
  if (t.charCodeAt(from) === CH_MINUS) {
    skipNumber(c);
    return NOT_PLAIN;
  }
  let p = from;
  let m = 0;
  let digits = 0;
  let decimals = 0;
  let ch = t.charCodeAt(p);
  if (ch === CH_ZERO) ch = t.charCodeAt(++p);
  else if (ch > CH_ZERO && ch <= CH_NINE)
    while (ch >= CH_ZERO && ch <= CH_NINE) {
      m = m * 10 + (ch - CH_ZERO);
      digits++;
      ch = t.charCodeAt(++p);
    }
  else notSure();
  if (ch === CH_DOT) {
    ch = t.charCodeAt(++p);
    if (!(ch >= CH_ZERO && ch <= CH_NINE)) notSure();
    while (ch >= CH_ZERO && ch <= CH_NINE) {
      m = m * 10 + (ch - CH_ZERO);
      if (m !== 0) digits++;
      decimals++;
      ch = t.charCodeAt(++p);
    }
  }
  if (ch === CH_SMALL_E || ch === CH_BIG_E || digits > 15 || decimals > 22) {
    skipNumber(c);
    return Number(t.slice(from, c.at));
  }
  c.at = p;
  return decimals === 0 ? m : m / (POW10[decimals] as number);
}

const isIndex = (v: number) => Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
const isSeconds = (v: number) => v >= 0 && v !== Infinity;

/** Which field a key names, by its text (no string made for it). */
const enum F {
  Other,
  Id,
  Line,
  Word,
  Subword,
  Start,
  End,
  Text,
  Singer,
  Translations,
}

function fieldAt(t: string, from: number, to: number): F {
  const n = to - from;
  switch (n) {
    case 2:
      return t.startsWith('id', from) ? F.Id : F.Other;
    case 3:
      return t.startsWith('end', from) ? F.End : F.Other;
    case 4:
      return t.startsWith('line', from)
        ? F.Line
        : t.startsWith('word', from)
          ? F.Word
          : t.startsWith('text', from)
            ? F.Text
            : F.Other;
    case 5:
      return t.startsWith('start', from) ? F.Start : F.Other;
    case 6:
      return t.startsWith('singer', from) ? F.Singer : F.Other;
    case 7:
      return t.startsWith('subword', from) ? F.Subword : F.Other;
    case 12:
      return t.startsWith('translations', from) ? F.Translations : F.Other;
    default:
      return F.Other;
  }
}

/** Each field's key with its quotes, by `F`. */
const QUOTED = [
  '',
  '"id"',
  '"line"',
  '"word"',
  '"subword"',
  '"start"',
  '"end"',
  '"text"',
  '"singer"',
  '"translations"',
] as const;

/**
 * The field of the key whose opening quote is at `at`, when it is written plainly (the common
 * case: one look at its first letters and one comparison); `F.Other` for any other key.
 */
function quotedField(t: string, at: number): F {
  let f: F;
  switch (t.charCodeAt(at + 1)) {
    case 105 /* i */:
      f = F.Id;
      break;
    case 108 /* l */:
      f = F.Line;
      break;
    case 119 /* w */:
      f = F.Word;
      break;
    case 101 /* e */:
      f = F.End;
      break;
    case 115 /* s */: {
      const next = t.charCodeAt(at + 2);
      f = next === 116 /* t */ ? F.Start : next === 117 /* u */ ? F.Subword : F.Singer;
      break;
    }
    case 116 /* t */:
      f = t.charCodeAt(at + 2) === 101 /* e */ ? F.Text : F.Translations;
      break;
    default:
      return F.Other;
  }
  // compared by char codes: `startsWith` is a call into the runtime, a third of the scan's time
  const key = QUOTED[f];
  for (let i = 2; i < key.length; i++)
    if (t.charCodeAt(at + i) !== key.charCodeAt(i)) return F.Other;
  return f;
}

/** Each number field's place in an item's numbers (`item-columns.ts`), by `F`. */
const SLOT = [0, 0, 0, 1, 2, 4, 5, 0, 3, 0] as const;

/** Bits of the fields an item must have. */
const REQUIRED =
  (1 << F.Line) | (1 << F.Word) | (1 << F.Subword) | (1 << F.Start) | (1 << F.End) | (1 << F.Text);

/** The columns being filled, grown by doubling. */
class ColumnsBuilder {
  count = 0;
  numbers = new Float64Array(1024 * NUMBERS);
  lengths = new Int32Array(1024 * 2);
  readonly parts: string[] = [];

  /** Room for one more item; its numbers start at `count * NUMBERS`. */
  grow(): void {
    if (this.count * 2 < this.lengths.length) return;
    const numbers = new Float64Array(this.numbers.length * 2);
    numbers.set(this.numbers);
    this.numbers = numbers;
    const lengths = new Int32Array(this.lengths.length * 2);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }

  done(): ItemColumns {
    return {
      count: this.count,
      numbers: this.numbers.slice(0, this.count * NUMBERS),
      lengths: this.lengths.slice(0, this.count * 2),
      strings: this.parts.join(''),
    };
  }
}

/**
 * An items list (cursor at its `[`) read into columns, each item checked as `isPlainItem` checks
 * it; null when an item is not plain or the scanner is not sure (the general way reads the list).
 */
function scanItems(c: Cursor): ItemColumns | null {
  const into = new ColumnsBuilder();
  c.at++;
  if (ws(c) === CH_CLOSE_BRACKET) {
    c.at++;
    return into.done();
  }
  for (;;) {
    into.grow();
    if (!readItem(c, into)) return null;
    into.count++;
    const next = ws(c);
    c.at++;
    if (next === CH_CLOSE_BRACKET) return into.done();
    if (next !== CH_COMMA) notSure();
  }
}

/** One item (cursor at its `{`) into the columns' next row; false when it is not plain. */
function readItem(c: Cursor, into: ColumnsBuilder): boolean {
  const t = c.text;
  if (ws(c) !== CH_OPEN_BRACE) return false;
  c.at++;
  const numbers = into.numbers;
  const n = into.count * NUMBERS;
  numbers[n + 3] = -1; // no singer
  let has = 0;
  let id: string | undefined;
  let text = '';
  if (ws(c) === CH_CLOSE_BRACE) return false;
  for (;;) {
    if (ws(c) !== CH_QUOTE) notSure();
    let f = quotedField(t, c.at);
    if (f !== F.Other) c.at += QUOTED[f].length;
    else {
      const keyFrom = c.at + 1;
      skipString(c);
      if (c.escaped) return false; // an escaped key: the general way
      f = fieldAt(t, keyFrom, c.at - 1);
    }
    if (ws(c) !== CH_COLON) notSure();
    c.at++;
    const ch = ws(c);
    const bit = 1 << f;
    if (f === F.Translations) return false;
    if (f !== F.Other && has & bit) return false; // a duplicate: the last one counts, general way
    has |= bit;
    if (f === F.Other) skipValue(c);
    else if (f === F.Id || f === F.Text) {
      if (ch !== CH_QUOTE) return false;
      const s = readString(c);
      if (f === F.Text) text = s;
      else if (s.length === 0) return false;
      else id = s;
    } else {
      if (!(ch === CH_MINUS || (ch >= CH_ZERO && ch <= CH_NINE))) return false;
      const v = readNumber(c);
      if (!(f === F.Start || f === F.End ? isSeconds(v) : isIndex(v))) return false;
      numbers[n + SLOT[f]] = v;
    }
    const next = ws(c);
    c.at++;
    if (next === CH_CLOSE_BRACE) break;
    if (next !== CH_COMMA) notSure();
  }
  if ((has & REQUIRED) !== REQUIRED) return false;
  const row = into.count * 2;
  if (id === undefined) into.lengths[row] = -1;
  else {
    into.lengths[row] = id.length;
    into.parts.push(id);
  }
  into.lengths[row + 1] = text.length;
  into.parts.push(text);
  return true;
}
