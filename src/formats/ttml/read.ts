import { buildResult, count, Warnings, type ParsedLine, type Segment } from '../build';
import { isSpace } from '../text/lines';
import { TimingFormatError, type ReadResult, type TimingMetadata } from '../types';
import { parseTtmlTime, timeParams, ttmlTimeAt, type TimeParams } from './time';
import { parseXml, type XmlTree } from './xml';
import { romanKey } from '../languages';
import { assignSingers } from '../singers';

/** Translations of a line from the head: line texts and word readings (timed spans), by language. */
interface HeadEntry {
  lines: Record<string, string>;
  words: Record<string, { start: number; text: string }[]>;
}

/**
 * TTML, Apple / AMLL style: `<p>` lines of word `<span begin end>`s (spans without whitespace
 * between them are syllables of one word), `ttm:agent` singers, `ttm:role="x-bg"` background
 * vocals (a line of their own), translations as `x-translation` spans or `<translation>` blocks in
 * the head's iTunesMetadata (keyed by `itunes:key`), romanizations as `x-roman` spans or Apple's
 * `<transliteration>` blocks (kept under `<lang>-Latn`, ADR 0017; timed spans in them are word
 * readings). Line-timed `<p>`s without spans are spread.
 */
interface Collected {
  main: Segment[];
  bg: Segment[];
  translations: Record<string, string>;
  bgTranslations: Record<string, string>;
  badTimes: number;
  /** Spans whose end is before their begin: given no length. */
  backwards: number;
  /** Readings that matched no word of the line by time: kept as the line's text. */
  unmatched: number;
  /** `tts:ruby="text"` readings dropped (the base text is the lyric). */
  ruby: number;
  /** Spans with a begin and no end: they end where the next one begins (or the line ends). */
  openEnds: Set<Segment>;
  /** An `x-bg` span's own times, when it has them. */
  bgBegin: number;
  bgEnd: number;
}

const WHITESPACE = /[\t\n\r]+/g;
/** Tabs and line breaks become spaces (most texts have none: no new string then). */
const oneSpace = (text: string) => (hasBreak(text) ? text.replace(WHITESPACE, ' ') : text);
function hasBreak(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) return true;
  }
  return false;
}

const isRubyText = (tree: XmlTree, el: number) => {
  const ruby = tree.attr(el, 'ruby');
  return ruby === 'text' || ruby === 'textContainer' || ruby === 'delimiter';
};

/** The sung text of a span: its text without ruby readings (`tts:ruby="text"`), which it counts. */
function lyricText(tree: XmlTree, el: number, c: Collected): string {
  let out = '';
  for (let n = tree.firstChild[el]!; n >= 0; n = tree.nextSibling[n]!) {
    if (tree.isText[n] === 1) out += tree.name[n]!;
    else if (isRubyText(tree, n)) c.ruby++;
    else if (!isAside(tree.attr(n, 'role'))) out += lyricText(tree, n, c);
  }
  return out;
}

const isRoman = (role: string | undefined) =>
  role === 'x-roman' || role === 'x-romanization' || role === 'x-transliteration';
/** Spans that are not sung text: translations and romanizations. */
const isAside = (role: string | undefined) => role === 'x-translation' || isRoman(role);

/** A word span's own romanization (`<span begin end>君<span ttm:role="x-roman">kimi</span></span>`). */
function wordReading(
  tree: XmlTree,
  el: number,
  lang: string | undefined,
): Record<string, string> | undefined {
  for (let n = tree.firstChild[el]!; n >= 0; n = tree.nextSibling[n]!) {
    if (tree.isText[n] === 1 || !isRoman(tree.attr(n, 'role'))) continue;
    const text = oneSpace(tree.textContent(n)).trim();
    if (text) return { [romanKey(tree.attr(n, 'lang') ?? lang)]: text };
  }
  return undefined;
}

/**
 * The time in attribute `a` (-1: none, NaN), read in place in the source: two per word. A value
 * that does not read that way (spaces around it, an entity) goes through the text it decodes to.
 */
function timeAttr(tree: XmlTree, a: number, params: TimeParams): number {
  if (a < 0) return NaN;
  const t = ttmlTimeAt(tree.source, tree.valueFrom[a]!, tree.valueTo[a]!, params);
  return Number.isNaN(t) ? parseTtmlTime(tree.value(a), params) : t;
}

/** Only word separators (or nothing): the text between two word spans. */
function isWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  // Also blank to `trim` (U+0085 separates words but is not blank to it), as lineOf asks.
  return (text.length === 1 && text.charCodeAt(0) <= 32) || text.trim() === '';
}

/**
 * Whitespace between segments: a mark on the segment before it rather than a segment of its own
 * (100k fewer objects in a word-timed file; the builder reads both the same). Before the first
 * segment a line starts a word anyway, and empty text separates nothing.
 */
function spaceAfter(into: Segment[], text: string): void {
  if (text.length > 0 && into.length > 0) into[into.length - 1]!.spaceAfter = true;
}

/** A span with a begin anywhere below `el` (no array built: called for every span). */
function hasTimedSpan(tree: XmlTree, el: number): boolean {
  for (let c = tree.firstChild[el]!; c >= 0; c = tree.nextSibling[c]!) {
    if (tree.isText[c] === 1) continue;
    if (tree.localName(c) === 'span' && tree.find(c, 'begin') >= 0) return true;
    if (hasTimedSpan(tree, c)) return true;
  }
  return false;
}

function descendants(tree: XmlTree, el: number, name: string, out: number[] = []): number[] {
  for (const child of tree.elements(el)) {
    if (tree.localName(child) === name) out.push(child);
    descendants(tree, child, name, out);
  }
  return out;
}

export function readTtml(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const { tree, root, problems } = parseXml(text);
  for (const p of problems) warnings.add(p.line, p.message);
  if (root < 0) throw new TimingFormatError('This file has no XML elements, so it is not TTML.');
  const isNamed = (el: number, name: string) => tree.localName(el) === name;
  if (!isNamed(root, 'tt')) {
    throw new TimingFormatError(
      `This XML file is not TTML: its root element is <${tree.name[root]!}>, not <tt>.`,
    );
  }
  const params = timeParams(tree, root);
  const metadata: TimingMetadata = {};
  const language = tree.attr(root, 'lang');
  if (language) metadata.language = language;
  const head = tree.elements(root).find((e) => isNamed(e, 'head'));
  const body = tree.elements(root).find((e) => isNamed(e, 'body'));
  if (body === undefined)
    throw new TimingFormatError('This TTML file has no <body>, so it has no lyrics.');
  const declared =
    head === undefined ? [] : descendants(tree, head, 'agent').map((a) => tree.attr(a, 'id') ?? '');
  const title = head === undefined ? undefined : descendants(tree, head, 'title')[0];
  if (title !== undefined && tree.textContent(title).trim())
    metadata.title = tree.textContent(title).trim();
  const headTranslations =
    head === undefined
      ? new Map<string, HeadEntry>()
      : translationsInHead(tree, head, params, language);
  const lines: ParsedLine[] = [];
  const agents: (string | undefined)[] = [];
  let unmatched = 0;
  let ruby = 0;
  const visit = (el: number, agent: string | undefined, offset: number) => {
    for (let child = tree.firstChild[el]!; child >= 0; child = tree.nextSibling[child]!) {
      if (tree.isText[child] === 1) continue;
      const childAgent = tree.attr(child, 'agent') ?? agent;
      if (isNamed(child, 'p')) {
        const read = readP(tree, child, offset, params, headTranslations, warnings, language);
        unmatched += read.unmatched;
        ruby += read.ruby;
        for (const line of read.lines) {
          lines.push(line);
          agents.push(childAgent);
        }
      } else if (!isNamed(child, 'metadata')) {
        const begin = parseTtmlTime(tree.attr(child, 'begin'), params);
        visit(child, childAgent, Number.isNaN(begin) ? offset : offset + begin);
      }
    }
  };
  visit(body, tree.attr(body, 'agent'), 0);
  if (unmatched > 0) {
    warnings.add(
      null,
      `${count(unmatched, 'word reading matches', 'word readings match')} no word's time; kept with the line's text.`,
    );
  }
  if (ruby > 0) {
    warnings.add(
      null,
      `${count(ruby, 'ruby reading', 'ruby readings')} (tts:ruby="text") not kept: items have no field for them.`,
    );
  }
  assignSingers(lines, agentSingers(agents, declared));
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

function translationsInHead(
  tree: XmlTree,
  head: number,
  params: TimeParams,
  docLang: string | undefined,
): Map<string, HeadEntry> {
  const out = new Map<string, HeadEntry>();
  const read = (block: number, lang: string) => {
    for (const t of descendants(tree, block, 'text')) {
      const key = tree.attr(t, 'for');
      if (!key) continue;
      const entry = out.get(key) ?? { lines: {}, words: {} };
      out.set(key, entry);
      const spans = descendants(tree, t, 'span').filter((x) => tree.attr(x, 'begin') !== undefined);
      const text = oneSpace(tree.textContent(t)).trim();
      if (spans.length === 0) {
        if (text) entry.lines[lang] = text;
        continue;
      }
      const words = spans
        .map((x) => ({
          start: parseTtmlTime(tree.attr(x, 'begin'), params),
          text: oneSpace(tree.textContent(x)).trim(),
        }))
        .filter((w) => w.text && !Number.isNaN(w.start));
      if (words.length) entry.words[lang] = words;
      else if (text) entry.lines[lang] = text;
    }
  };
  for (const translation of descendants(tree, head, 'translation'))
    read(translation, tree.attr(translation, 'lang') ?? 'und');
  for (const roman of descendants(tree, head, 'transliteration'))
    read(roman, romanKey(tree.attr(roman, 'lang') ?? docLang));
  return out;
}

/** Word readings from the head onto the segments that start at their times (1.5 ms). */
function placeReadings(
  segments: Segment[],
  words: HeadEntry['words'],
  lines: Record<string, string>,
): number {
  let unmatched = 0;
  for (const [lang, list] of Object.entries(words)) {
    let missed = 0;
    for (const w of list) {
      const seg = segments.find(
        (s) => s.start !== undefined && Math.abs(s.start - w.start) < 0.0015,
      );
      if (!seg) {
        missed++;
        continue;
      }
      const readings = (seg.readings ??= {});
      readings[lang] = (readings[lang] ?? '') + w.text;
    }
    if (missed === list.length) {
      lines[lang] ??= list.map((w) => w.text).join(' ');
      unmatched += missed;
    } else unmatched += missed;
  }
  return unmatched;
}

function collect(
  tree: XmlTree,
  el: number,
  into: Segment[],
  translations: Record<string, string>,
  c: Collected,
  params: TimeParams,
  lang: string | undefined,
) {
  for (let child = tree.firstChild[el]!; child >= 0; child = tree.nextSibling[child]!) {
    if (tree.isText[child] === 1) {
      const text = oneSpace(tree.name[child]!);
      if (isWhitespace(text)) spaceAfter(into, text);
      else into.push({ text });
      continue;
    }
    const name = tree.localName(child);
    if (name === 'br') {
      spaceAfter(into, ' ');
      continue;
    }
    if (name !== 'span') continue;
    const role = tree.attr(child, 'role');
    if (isRubyText(tree, child)) {
      c.ruby++;
    } else if (role === 'x-translation') {
      const text = oneSpace(tree.textContent(child)).trim();
      if (text) translations[tree.attr(child, 'lang') ?? lang ?? 'und'] = text;
    } else if (isRoman(role)) {
      const text = oneSpace(tree.textContent(child)).trim();
      if (text) translations[romanKey(tree.attr(child, 'lang') ?? lang)] = text;
    } else if (role === 'x-bg') {
      c.bgBegin = parseTtmlTime(tree.attr(child, 'begin'), params);
      c.bgEnd = parseTtmlTime(tree.attr(child, 'end'), params);
      collect(tree, child, c.bg, c.bgTranslations, c, params, lang);
    } else {
      const b = tree.find(child, 'begin');
      const e = tree.find(child, 'end');
      const start = timeAttr(tree, b, params);
      const end = timeAttr(tree, e, params);
      const openEnd = e < 0 && !Number.isNaN(start);
      if ((b >= 0 || e >= 0) && (Number.isNaN(start) || (Number.isNaN(end) && !openEnd)))
        c.badTimes++;
      const timedInside = hasTimedSpan(tree, child);
      if (openEnd && !timedInside) {
        const segment = { text: oneSpace(lyricText(tree, child, c)), start, end: start };
        c.openEnds.add(segment);
        into.push(segment);
      } else if (Number.isNaN(start) || Number.isNaN(end) || timedInside) {
        collect(tree, child, into, translations, c, params, lang);
      } else {
        if (end < start) c.backwards++;
        const segment: Segment = {
          text: oneSpace(lyricText(tree, child, c)),
          start,
          end: Math.max(start, end),
        };
        // Only a span with several children can hold a reading (most hold one text node).
        const first = tree.firstChild[child]!;
        const readings =
          first >= 0 && tree.nextSibling[first]! >= 0 ? wordReading(tree, child, lang) : undefined;
        if (readings) segment.readings = readings;
        into.push(segment);
      }
    }
  }
}

function readP(
  tree: XmlTree,
  p: number,
  offset: number,
  params: TimeParams,
  headTranslations: Map<string, HeadEntry>,
  warnings: Warnings,
  lang: string | undefined,
): { lines: ParsedLine[]; unmatched: number; ruby: number } {
  const c: Collected = {
    main: [],
    bg: [],
    translations: {},
    bgTranslations: {},
    badTimes: 0,
    backwards: 0,
    unmatched: 0,
    ruby: 0,
    openEnds: new Set(),
    bgBegin: NaN,
    bgEnd: NaN,
  };
  collect(tree, p, c.main, c.translations, c, params, tree.attr(p, 'lang') ?? lang);
  let begin = parseTtmlTime(tree.attr(p, 'begin'), params);
  let end = parseTtmlTime(tree.attr(p, 'end'), params);
  const dur = parseTtmlTime(tree.attr(p, 'dur'), params);
  if (Number.isNaN(end) && !Number.isNaN(begin) && !Number.isNaN(dur)) end = begin + dur;
  // Times inside a div with a begin are relative to it, unless the file (Apple style) already wrote them absolute.
  if (offset > 0 && !Number.isNaN(begin) && begin < offset) {
    begin += offset;
    if (!Number.isNaN(end)) end += offset;
  }
  if (spansRelative(c.main, c.bg, begin, end)) {
    for (const list of [c.main, c.bg]) {
      for (const s of list) {
        if (s.start === undefined) continue;
        s.start += begin;
        s.end! += begin;
      }
    }
  }
  closeOpenEnds(c.main, c.openEnds, end);
  closeOpenEnds(c.bg, c.openEnds, Number.isNaN(c.bgEnd) ? end : c.bgEnd);
  const line = tree.line[p]!;
  if (c.badTimes > 0) {
    warnings.add(
      line,
      `${count(c.badTimes, 'span time', 'span times')} cannot be read; those words were spread over the line.`,
    );
  }
  if (c.backwards > 0) {
    warnings.add(
      line,
      `${count(c.backwards, 'span ends', 'spans end')} before ${c.backwards === 1 ? 'it begins' : 'they begin'}; given no length.`,
    );
  }
  const key = tree.attr(p, 'key') ?? tree.attr(p, 'id');
  const fromHead = key ? headTranslations.get(key) : undefined;
  const lines: ParsedLine[] = [];
  const lineTranslations = fromHead ? { ...fromHead.lines, ...c.translations } : c.translations;
  if (fromHead) c.unmatched += placeReadings(c.main, fromHead.words, lineTranslations);
  // A language with word readings is not also a line text (the readings are the line).
  for (const s of c.main) if (s.readings) for (const l in s.readings) delete lineTranslations[l];
  const main = lineOf(line, c.main, begin, end, lineTranslations, warnings);
  if (main) lines.push(main);
  // Background vocals without times of their own are sung over the line.
  const bgTimed = c.bg.some((x) => x.start !== undefined);
  const bgBegin = Number.isNaN(c.bgBegin) && !bgTimed ? begin : c.bgBegin;
  const bgEnd = Number.isNaN(c.bgEnd) && !bgTimed ? end : c.bgEnd;
  const bg = lineOf(line, c.bg, bgBegin, bgEnd, c.bgTranslations, warnings);
  if (bg) lines.push(bg);
  return { lines, unmatched: c.unmatched, ruby: c.ruby };
}

function closeOpenEnds(segments: Segment[], open: Set<Segment>, lineEnd: number): void {
  if (open.size === 0) return;
  for (let i = segments.length - 1, next = lineEnd; i >= 0; i--) {
    const s = segments[i]!;
    if (s.start === undefined) continue;
    if (open.has(s)) s.end = Math.max(s.start, Number.isNaN(next) ? s.start : next);
    next = s.start;
  }
}

/**
 * Spans timed from the `<p>`'s begin (standard TTML) rather than from 0 (Apple style): every
 * timed span of the line and its background starts before the line and fits in its length.
 */
function spansRelative(main: Segment[], bg: Segment[], begin: number, end: number): boolean {
  if (!(begin > 0) || Number.isNaN(end)) return false;
  let min = Infinity;
  let max = -Infinity;
  let timed = 0;
  for (const list of [main, bg]) {
    for (const s of list) {
      if (s.start === undefined) continue;
      timed++;
      min = Math.min(min, s.start);
      max = Math.max(max, s.end!);
    }
  }
  return timed > 0 && min < begin - 0.0005 && max <= end - begin + 0.0005;
}

function lineOf(
  source: number,
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
    warnings?.add(source, 'This <p> has no begin time and no timed words; skipped.');
    return null;
  }
  if (Number.isNaN(stop)) stop = start;
  const line: ParsedLine = { source, start, end: Math.max(start, stop), segments };
  if (Object.keys(translations).length > 0) line.translations = translations;
  return line;
}
