import { buildResult, count, Warnings, type ParsedLine } from '../build';
import { assignSingers, singerIndexes } from '../singers';
import { isJsSpace, splitLines } from '../text/lines';
import { parseClock } from '../time';
import type { ReadResult, TimingMetadata } from '../types';
import { parseAssText } from './text';

/**
 * Advanced SubStation: `[Events]` rows `Dialogue: Layer,Start,End,Style,Name,...,Effect,Text` in
 * the order the `Format:` row gives. Comment rows (karaoke templates, notes) are ignored; rows that
 * a karaoke template generated (Effect `fx`) are skipped in favour of the template's source lines.
 * Actors (Name), else styles, are singers when there are several.
 */
const DEFAULT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

/** A `Format:` row: field names in order, and where each name is last. */
interface Format {
  names: string[];
  last: Map<string, number>;
}

const formatOf = (names: string[]): Format => ({
  names,
  last: new Map(names.map((name, i) => [name, i])),
});

interface Row {
  source: number;
  kind: 'dialogue' | 'comment';
  format: Format;
  /** The row's fields in the format's order; fewer when the row has fewer commas. */
  values: string[];
}

/** A field by name; a name the format gives twice is the later of those the row has. */
function field(row: Row, key: string): string | undefined {
  const at = row.format.last.get(key);
  if (at === undefined) return undefined;
  if (at < row.values.length) return row.values[at];
  for (let i = row.values.length - 1; i >= 0; i--)
    if (row.format.names[i] === key) return row.values[i];
  return undefined;
}

export function readAss(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const metadata: TimingMetadata = {};
  const lines = splitLines(text);
  let section = '';
  let format = formatOf(DEFAULT_FORMAT);
  const rows: Row[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '' || line.startsWith(';')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      section = line.slice(1, -1).trim().toLowerCase();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trimStart();
    if (section === 'script info' && key === 'title' && value.trim()) metadata.title = value.trim();
    if (section !== 'events') continue;
    if (key === 'format') format = formatOf(value.split(',').map((f) => f.trim().toLowerCase()));
    else if (key === 'dialogue' || key === 'comment') {
      rows.push({ source: n + 1, kind: key, format, values: splitFields(value, format.names) });
    }
  }
  const translationRows = rows.filter((r) => r.kind === 'dialogue' && translationLang(r) !== null);
  const lyricRows = translationRows.length
    ? rows.filter((r) => !translationRows.includes(r))
    : rows;
  const chosen = karaokeOnly(chooseRows(lyricRows, warnings), warnings);
  const parsed: { line: ParsedLine; actor: string; style: string }[] = [];
  let readings = 0;
  for (const row of chosen) {
    const start = assTime(field(row, 'start') ?? '');
    const end = assTime(field(row, 'end') ?? '');
    if (Number.isNaN(start) || Number.isNaN(end)) {
      warnings.add(row.source, 'The start or end time of this line cannot be read; skipped.');
      continue;
    }
    const { segments, readings: dropped } = parseAssText(field(row, 'text') ?? '', start);
    readings += dropped;
    parsed.push({
      line: { source: row.source, start, end: Math.max(start, end), segments },
      actor: (field(row, 'name') ?? field(row, 'actor') ?? '').trim(),
      style: (field(row, 'style') ?? '').trim(),
    });
  }
  if (readings > 0) {
    warnings.add(
      null,
      `${count(readings, 'furigana reading', 'furigana readings')} (after "|") not kept: items have no field for them.`,
    );
  }
  const sung = parsed.map((p) => p.line);
  attachTranslations(sung, translationRows, warnings);
  const byActor = voices(parsed.map((p) => p.actor));
  assignSingers(
    sung,
    byActor.some((s) => s !== undefined) ? byActor : voices(parsed.map((p) => p.style)),
  );
  return buildResult('ass', encoding, sung, warnings, metadata);
}

/**
 * A row in a translation style (what the writer makes: `Translation-<lang>`, one style per
 * language; also a plain `Translation` / `TL` style): its language key, or null.
 */
function translationLang(row: Row): string | null {
  const m = /^(?:translation|tl)(?:[-_ ]+([A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*))?$/i.exec(
    (field(row, 'style') ?? '').trim(),
  );
  return m ? (m[1] ?? 'und') : null;
}

/** Each translation row goes to the lyric line it overlaps most (the same start, as written). */
function attachTranslations(lines: ParsedLine[], rows: Row[], warnings: Warnings): void {
  let orphans = 0;
  for (const row of rows) {
    const start = assTime(field(row, 'start') ?? '');
    const end = assTime(field(row, 'end') ?? '');
    const text = textOf(row)
      .replace(/\{[^{}]*\}/g, '')
      .replace(/\\[Nn]/g, ' ')
      .trim();
    if (!text || Number.isNaN(start)) continue;
    let best: ParsedLine | undefined;
    let bestOverlap = 0;
    for (const line of lines) {
      const overlap =
        Math.abs(line.start - start) < 0.015
          ? Infinity
          : Math.min(line.end, end) - Math.max(line.start, start);
      if (overlap > bestOverlap) {
        best = line;
        bestOverlap = overlap;
      }
    }
    if (!best) {
      orphans++;
      continue;
    }
    const lang = translationLang(row) ?? 'und';
    const tr = (best.translations ??= {});
    tr[lang] = tr[lang] ? `${tr[lang]} ${text}` : text;
  }
  if (orphans > 0)
    warnings.add(
      null,
      `${count(orphans, 'translation line', 'translation lines')} at no lyric line's time skipped.`,
    );
}

/**
 * `h:mm:ss.cc`; also `h:mm:ss:cc` with a colon before the centiseconds, as some converters write
 * it (ASS has no frames, so the last group can only be hundredths).
 */
function assTime(text: string): number {
  const t = parseClock(text);
  if (!Number.isNaN(t)) return t;
  const m = COLON_CENTIS.exec(text.trim());
  return m ? parseClock(`${m[1]}.${m[2]}`) : NaN;
}
const COLON_CENTIS = /^(\d{1,2}:\d{1,2}:\d{1,2}):(\d{2})$/;

/** The last field (Text) keeps its commas. */
function splitFields(value: string, format: string[]): string[] {
  const values: string[] = [];
  let at = 0;
  for (let i = 0; i < format.length; i++) {
    if (i === format.length - 1) {
      values.push(value.slice(at));
      break;
    }
    const comma = value.indexOf(',', at);
    if (comma < 0) {
      values.push(value.slice(at));
      break;
    }
    values.push(value.slice(at, comma));
    at = comma + 1;
  }
  return values;
}

const textOf = (row: Row) => field(row, 'text') ?? '';

/**
 * Text outside override blocks: `{...}` without a brace inside is a block (as
 * `replace(/\{[^{}]*\}/g, '')` would drop), any other character counts. Scanned, not replaced:
 * one call per row.
 */
function hasText(row: Row): boolean {
  const text = textOf(row);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 123 && text.charCodeAt(j) !== 125) j++;
      if (j < text.length && text.charCodeAt(j) === 125) {
        i = j;
        continue;
      }
      return true;
    }
    if (!isJsSpace(c)) return true;
  }
  return false;
}
const KARAOKE_TAG = /\{[^{}]*\\(k|K|kf|ko)\d/;

/**
 * A karaoke script shows romaji, kanji and translation tracks at once; the translation (and
 * signs) have no `\k` tags. When more than half the rows are karaoke, the rows without tags are not lyrics to
 * time: skipped, and named.
 */
function karaokeOnly(rows: Row[], warnings: Warnings): Row[] {
  const karaoke = rows.filter((r) => KARAOKE_TAG.test(textOf(r)));
  if (karaoke.length === rows.length || karaoke.length * 2 <= rows.length) return rows;
  warnings.add(
    null,
    `${count(rows.length - karaoke.length, 'line', 'lines')} without karaoke tags (translations, signs) skipped.`,
  );
  return karaoke;
}

/** Actor names that name voices: a few names shared by lines, not one marker per line. */
function voices(names: string[]): (number | undefined)[] {
  const distinct = new Set(names.filter(Boolean)).size;
  if (distinct > 10 || (names.length > 2 && distinct >= names.length))
    return names.map(() => undefined);
  return singerIndexes(names.map((n) => n || undefined));
}

const effectOf = (row: Row) => (field(row, 'effect') ?? '').trim().toLowerCase();
const generated = (row: Row) => /^fx\b/.test(effectOf(row));

function chooseRows(rows: Row[], warnings: Warnings): Row[] {
  // Empty rows (a blank Dialogue left by a template run) carry no lyrics.
  const dialogue = rows.filter((r) => r.kind === 'dialogue' && hasText(r));
  const own = dialogue.filter((r) => !generated(r));
  const fx = dialogue.length - own.length;
  if (own.length > 0) {
    if (fx > 0)
      warnings.add(
        null,
        `${count(fx, 'line', 'lines')} generated by a karaoke template (Effect "fx") skipped.`,
      );
    return own;
  }
  // Only template output is shown: the template's source lines (commented out, Effect "karaoke") hold the timing.
  const sources = rows.filter((r) => r.kind === 'comment' && effectOf(r) === 'karaoke');
  if (sources.length > 0) {
    if (fx > 0) {
      warnings.add(
        null,
        `${count(fx, 'line', 'lines')} generated by a karaoke template skipped; its ${count(sources.length, 'source line', 'source lines')} read instead.`,
      );
    }
    return sources;
  }
  return dialogue;
}
