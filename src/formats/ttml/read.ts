import { buildResult, count, Warnings, type ParsedLine, type Segment } from '../build';
import { TimingFormatError, type ReadResult, type TimingMetadata } from '../types';
import { parseTtmlTime, timeParams, type TimeParams } from './time';
import { attr, localName, parseXml, type XmlElement, type XmlNode } from './xml';

/**
 * TTML, Apple / AMLL style: `<p>` lines of word `<span begin end>`s (spans without whitespace
 * between them are syllables of one word), `ttm:agent` singers, `ttm:role="x-bg"` background
 * vocals (a line of their own), translations as `x-translation` spans or `<translation>` blocks in
 * the head's iTunesMetadata (keyed by `itunes:key`). Line-timed `<p>`s without spans are spread.
 */
interface Collected {
  main: Segment[];
  bg: Segment[];
  translations: Record<string, string>;
  bgTranslations: Record<string, string>;
  badTimes: number;
  romanized: number;
  /** Spans with a begin and no end: they end where the next one begins (or the line ends). */
  openEnds: Set<Segment>;
  /** An `x-bg` span's own times, when it has them. */
  bgBegin: number;
  bgEnd: number;
}

const elements = (el: XmlElement) =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string');
const isNamed = (el: XmlElement, name: string) => localName(el.name) === name;
const WHITESPACE = /[\t\n\r]+/g;

export function textContent(node: XmlNode): string {
  if (typeof node === 'string') return node;
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (typeof only === 'string') return only;
  return node.children.map(textContent).join('');
}

/** A span with a begin anywhere below `el` (no array built: called for every span). */
function hasTimedSpan(el: XmlElement): boolean {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (localName(child.name) === 'span' && attr(child, 'begin') !== undefined) return true;
    if (hasTimedSpan(child)) return true;
  }
  return false;
}

function descendants(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of elements(el)) {
    if (isNamed(child, name)) out.push(child);
    descendants(child, name, out);
  }
  return out;
}

export function readTtml(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const { root, problems } = parseXml(text);
  for (const p of problems) warnings.add(p.line, p.message);
  if (!root) throw new TimingFormatError('This file has no XML elements, so it is not TTML.');
  if (!isNamed(root, 'tt')) {
    throw new TimingFormatError(
      `This XML file is not TTML: its root element is <${root.name}>, not <tt>.`,
    );
  }
  const params = timeParams(root);
  const metadata: TimingMetadata = {};
  const language = attr(root, 'lang');
  if (language) metadata.language = language;
  const head = elements(root).find((e) => isNamed(e, 'head'));
  const body = elements(root).find((e) => isNamed(e, 'body'));
  if (!body) throw new TimingFormatError('This TTML file has no <body>, so it has no lyrics.');
  const declared = head ? descendants(head, 'agent').map((a) => attr(a, 'id') ?? '') : [];
  const title = head ? descendants(head, 'title')[0] : undefined;
  if (title && textContent(title).trim()) metadata.title = textContent(title).trim();
  const headTranslations = head
    ? translationsInHead(head)
    : new Map<string, Record<string, string>>();
  const lines: ParsedLine[] = [];
  const agents: (string | undefined)[] = [];
  let romanized = 0;
  const visit = (el: XmlElement, agent: string | undefined, offset: number) => {
    for (const child of elements(el)) {
      const childAgent = attr(child, 'agent') ?? agent;
      if (isNamed(child, 'p')) {
        const read = readP(child, offset, params, headTranslations, warnings, language);
        romanized += read.romanized;
        for (const line of read.lines) {
          lines.push(line);
          agents.push(childAgent);
        }
      } else if (!isNamed(child, 'metadata')) {
        const begin = parseTtmlTime(attr(child, 'begin'), params);
        visit(child, childAgent, Number.isNaN(begin) ? offset : offset + begin);
      }
    }
  };
  visit(body, attr(body, 'agent'), 0);
  if (romanized > 0) {
    warnings.add(
      null,
      `${count(romanized, 'romanization', 'romanizations')} (x-roman) not kept: items have no field for them.`,
    );
  }
  const singers = agentSingers(agents, declared);
  lines.forEach((line, i) => {
    const singer = singers[i];
    if (singer !== undefined) line.singer = singer;
  });
  return buildResult('ttml', encoding, lines, warnings, metadata);
}

/** Several agents: numbered in the head's order, then by first use. One agent: no duet. */
function agentSingers(agents: (string | undefined)[], declared: string[]): (number | undefined)[] {
  const used = new Set(agents.filter((a): a is string => !!a));
  if (used.size <= 1) return agents.map(() => undefined);
  const order = [
    ...declared.filter((a) => used.has(a)),
    ...[...used].filter((a) => !declared.includes(a)),
  ];
  const index = new Map(order.map((a, i) => [a, i]));
  return agents.map((a) => (a ? index.get(a) : undefined));
}

function translationsInHead(head: XmlElement): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const translation of descendants(head, 'translation')) {
    const lang = attr(translation, 'lang') ?? 'und';
    for (const t of descendants(translation, 'text')) {
      const key = attr(t, 'for');
      const text = textContent(t).replace(WHITESPACE, ' ').trim();
      if (!key || !text) continue;
      const entry = out.get(key) ?? {};
      entry[lang] = text;
      out.set(key, entry);
    }
  }
  return out;
}

function collect(
  el: XmlElement,
  into: Segment[],
  translations: Record<string, string>,
  c: Collected,
  params: TimeParams,
  lang: string | undefined,
) {
  for (const child of el.children) {
    if (typeof child === 'string') {
      into.push({ text: child.replace(WHITESPACE, ' ') });
      continue;
    }
    const name = localName(child.name);
    if (name === 'br') {
      into.push({ text: ' ' });
      continue;
    }
    if (name !== 'span') continue;
    const role = attr(child, 'role');
    if (role === 'x-translation') {
      const text = textContent(child).replace(WHITESPACE, ' ').trim();
      if (text) translations[attr(child, 'lang') ?? lang ?? 'und'] = text;
    } else if (role === 'x-roman' || role === 'x-romanization' || role === 'x-transliteration') {
      c.romanized++;
    } else if (role === 'x-bg') {
      c.bgBegin = parseTtmlTime(attr(child, 'begin'), params);
      c.bgEnd = parseTtmlTime(attr(child, 'end'), params);
      collect(child, c.bg, c.bgTranslations, c, params, lang);
    } else {
      const b = attr(child, 'begin');
      const e = attr(child, 'end');
      const start = parseTtmlTime(b, params);
      const end = parseTtmlTime(e, params);
      const openEnd = e === undefined && !Number.isNaN(start);
      if (
        (b !== undefined || e !== undefined) &&
        (Number.isNaN(start) || (Number.isNaN(end) && !openEnd))
      )
        c.badTimes++;
      const timedInside = hasTimedSpan(child);
      if (openEnd && !timedInside) {
        const segment = { text: textContent(child).replace(WHITESPACE, ' '), start, end: start };
        c.openEnds.add(segment);
        into.push(segment);
      } else if (Number.isNaN(start) || Number.isNaN(end) || timedInside) {
        collect(child, into, translations, c, params, lang);
      } else {
        into.push({
          text: textContent(child).replace(WHITESPACE, ' '),
          start,
          end: Math.max(start, end),
        });
      }
    }
  }
}

function readP(
  p: XmlElement,
  offset: number,
  params: TimeParams,
  headTranslations: Map<string, Record<string, string>>,
  warnings: Warnings,
  lang: string | undefined,
): { lines: ParsedLine[]; romanized: number } {
  const c: Collected = {
    main: [],
    bg: [],
    translations: {},
    bgTranslations: {},
    badTimes: 0,
    romanized: 0,
    openEnds: new Set(),
    bgBegin: NaN,
    bgEnd: NaN,
  };
  collect(p, c.main, c.translations, c, params, attr(p, 'lang') ?? lang);
  let begin = parseTtmlTime(attr(p, 'begin'), params);
  let end = parseTtmlTime(attr(p, 'end'), params);
  const dur = parseTtmlTime(attr(p, 'dur'), params);
  if (Number.isNaN(end) && !Number.isNaN(begin) && !Number.isNaN(dur)) end = begin + dur;
  // Times inside a div with a begin are relative to it, unless the file (Apple style) already wrote them absolute.
  if (offset > 0 && !Number.isNaN(begin) && begin < offset) {
    begin += offset;
    if (!Number.isNaN(end)) end += offset;
  }
  const timed = [...c.main, ...c.bg].filter((s) => s.start !== undefined);
  if (timed.length > 0 && spansRelative(timed, begin, end)) {
    for (const s of timed) {
      s.start! += begin;
      s.end! += begin;
    }
  }
  closeOpenEnds(c.main, c.openEnds, end);
  closeOpenEnds(c.bg, c.openEnds, Number.isNaN(c.bgEnd) ? end : c.bgEnd);
  if (c.badTimes > 0) {
    warnings.add(
      p.line,
      `${count(c.badTimes, 'span time', 'span times')} cannot be read; those words were spread over the line.`,
    );
  }
  const key = attr(p, 'key') ?? attr(p, 'id');
  const fromHead = key ? headTranslations.get(key) : undefined;
  const lines: ParsedLine[] = [];
  const main = lineOf(p, c.main, begin, end, { ...fromHead, ...c.translations }, warnings);
  if (main) lines.push(main);
  // Background vocals without times of their own are sung over the line.
  const bgTimed = c.bg.some((x) => x.start !== undefined);
  const bgBegin = Number.isNaN(c.bgBegin) && !bgTimed ? begin : c.bgBegin;
  const bgEnd = Number.isNaN(c.bgEnd) && !bgTimed ? end : c.bgEnd;
  const bg = lineOf(p, c.bg, bgBegin, bgEnd, c.bgTranslations, warnings);
  if (bg) lines.push(bg);
  return { lines, romanized: c.romanized };
}

function closeOpenEnds(segments: Segment[], open: Set<Segment>, lineEnd: number): void {
  for (let i = segments.length - 1, next = lineEnd; i >= 0; i--) {
    const s = segments[i]!;
    if (s.start === undefined) continue;
    if (open.has(s)) s.end = Math.max(s.start, Number.isNaN(next) ? s.start : next);
    next = s.start;
  }
}

/** Spans timed from the `<p>`'s begin (standard TTML) rather than from 0 (Apple style). */
function spansRelative(timed: Segment[], begin: number, end: number): boolean {
  if (!(begin > 0) || Number.isNaN(end)) return false;
  let min = Infinity;
  let max = -Infinity;
  for (const s of timed) {
    min = Math.min(min, s.start!);
    max = Math.max(max, s.end!);
  }
  return min < begin - 0.0005 && max <= end - begin + 0.0005;
}

function lineOf(
  p: XmlElement,
  segments: Segment[],
  begin: number,
  end: number,
  translations: Record<string, string>,
  warnings: Warnings | null,
): ParsedLine | null {
  if (!segments.some((s) => s.text.trim())) return null;
  let start = begin;
  let stop = end;
  for (const s of segments) {
    if (s.start === undefined) continue;
    if (!(s.start >= start)) start = Number.isNaN(start) ? s.start : Math.min(start, s.start);
    if (!(s.end! <= stop)) stop = Number.isNaN(stop) ? s.end! : Math.max(stop, s.end!);
  }
  if (Number.isNaN(start)) {
    warnings?.add(p.line, 'This <p> has no begin time and no timed words; skipped.');
    return null;
  }
  if (Number.isNaN(stop)) stop = start;
  const line: ParsedLine = { source: p.line, start, end: Math.max(start, stop), segments };
  if (Object.keys(translations).length > 0) line.translations = translations;
  return line;
}
