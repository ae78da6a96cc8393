import { indexWithin, isJsSpace } from '../text/lines';
import { decodeEntity } from '../vtt/payload';

/**
 * A small, forgiving XML reader for TTML (ADR 0008): elements with attributes, text (entities
 * decoded), CDATA; comments, processing instructions and the DOCTYPE are skipped. No DOM (the
 * module runs in Node too), no namespaces resolution: names keep their prefix and TTML is matched
 * by local name. Scans with indexOf, so it is linear and cannot backtrack. Unclosed elements are
 * closed at the end of the file and a stray end tag is ignored, each with a problem noted.
 *
 * The tree is flat (ADR 0008): nodes are numbers indexing parallel arrays, and an attribute is
 * where its value is in the source, sliced only when asked for. A 100k-word file has 200k nodes;
 * as objects (an element, its attribute map, its child list, its strings) they all outlive the
 * young generation and the collector copies each of them twice.
 */
export class XmlTree {
  /** Element name, or the text of a text node (entities decoded). */
  readonly name: string[] = [];
  /** 1 for text nodes (text and CDATA), 0 for elements. */
  isText = new Uint8Array(1024);
  /** First child and next sibling, -1 for none. */
  firstChild = new Int32Array(1024);
  nextSibling = new Int32Array(1024);
  /** 1-based line of an element's start tag (0 for text). */
  line = new Int32Array(1024);
  /** An element's attributes: indexes `attrFrom[n]` to `attrTo[n]` of the attribute arrays. */
  attrFrom = new Int32Array(1024);
  attrTo = new Int32Array(1024);
  /** Attribute name and where its raw value is in `source`, in source order. */
  readonly attrName: string[] = [];
  valueFrom = new Int32Array(1024);
  valueTo = new Int32Array(1024);
  /** Only during parsing: the last child of each node. */
  private lastChild = new Int32Array(1024);

  constructor(
    readonly source: string,
    /** Expected nodes: the arrays start that long instead of doubling their way there. */
    capacity = 1024,
  ) {
    if (capacity > 1024) this.growNodes(capacity);
  }

  /** Adds a node under `parent` (-1: not linked yet). */
  add(parent: number, name: string, isText: number, line: number): number {
    const n = this.name.length;
    if (n === this.line.length) this.growNodes(n * 2);
    this.name.push(name);
    this.isText[n] = isText;
    this.firstChild[n] = -1;
    this.nextSibling[n] = -1;
    this.lastChild[n] = -1;
    this.line[n] = line;
    this.attrFrom[n] = this.attrName.length;
    this.attrTo[n] = this.attrName.length;
    if (parent >= 0) this.link(parent, n);
    return n;
  }

  /** Makes `node` the last child of `parent`. */
  link(parent: number, node: number): void {
    const last = this.lastChild[parent]!;
    if (last < 0) this.firstChild[parent] = node;
    else this.nextSibling[last] = node;
    this.lastChild[parent] = node;
  }

  /** Adds an attribute to `node`, the node added last. */
  addAttr(node: number, name: string, from: number, to: number): void {
    const a = this.attrName.length;
    if (a === this.valueFrom.length) {
      this.valueFrom = grow(this.valueFrom, a * 2);
      this.valueTo = grow(this.valueTo, a * 2);
    }
    this.attrName.push(name);
    this.valueFrom[a] = from;
    this.valueTo[a] = to;
    this.attrTo[node] = a + 1;
  }

  private growNodes(size: number): void {
    this.isText = grow(this.isText, size);
    this.firstChild = grow(this.firstChild, size);
    this.nextSibling = grow(this.nextSibling, size);
    this.line = grow(this.line, size);
    this.attrFrom = grow(this.attrFrom, size);
    this.attrTo = grow(this.attrTo, size);
    this.lastChild = grow(this.lastChild, size);
  }

  value(a: number): string {
    return decodeXmlText(this.source.slice(this.valueFrom[a], this.valueTo[a]));
  }

  /**
   * An attribute by local name (`ttm:agent` by `agent`, `xml:lang` by `lang`): the name itself,
   * else the first prefixed name in source order. A name given twice has its last value.
   */
  attr(node: number, local: string): string | undefined {
    const a = this.find(node, local);
    return a < 0 ? undefined : this.value(a);
  }

  /** Where `attr(node, local)` is in the attribute arrays, -1 when absent (no value sliced). */
  find(node: number, local: string): number {
    const from = this.attrFrom[node]!;
    const to = this.attrTo[node]!;
    const names = this.attrName;
    for (let a = to - 1; a >= from; a--) if (names[a] === local) return a;
    for (let a = from; a < to; a++) {
      const key = names[a]!;
      const at = key.length - local.length - 1;
      if (at > 0 && key.charCodeAt(at) === 58 /* : */ && key.endsWith(local)) {
        for (let b = to - 1; b > a; b--) if (names[b] === key) return b;
        return a;
      }
    }
    return -1;
  }

  /** Child elements of `node`, in order. */
  elements(node: number): number[] {
    const out: number[] = [];
    for (let c = this.firstChild[node]!; c >= 0; c = this.nextSibling[c]!)
      if (this.isText[c] === 0) out.push(c);
    return out;
  }

  /** Local name of an element: `ttm:agent` -> `agent`. */
  localName(node: number): string {
    return localName(this.name[node]!);
  }

  /** The text of a node and everything below it. */
  textContent(node: number): string {
    if (this.isText[node] === 1) return this.name[node]!;
    const first = this.firstChild[node]!;
    if (first >= 0 && this.nextSibling[first]! < 0 && this.isText[first] === 1)
      return this.name[first]!;
    let out = '';
    for (let c = first; c >= 0; c = this.nextSibling[c]!) out += this.textContent(c);
    return out;
  }
}

function grow<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}

export interface XmlDocument {
  tree: XmlTree;
  /** The first element of the document, -1 when there is none. */
  root: number;
  problems: { line: number; message: string }[];
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  let out = '';
  let at = 0;
  for (;;) {
    const amp = raw.indexOf('&', at);
    if (amp < 0) break;
    const semi = indexWithin(raw, ';', amp + 1, 12);
    const decoded = semi > amp ? decodeEntity(raw.slice(amp + 1, semi)) : null;
    if (decoded === null) {
      out += raw.slice(at, amp + 1);
      at = amp + 1;
    } else {
      out += raw.slice(at, amp) + decoded;
      at = semi + 1;
    }
  }
  return out + raw.slice(at);
}

/** Nesting limit: TTML lyrics need about 6 levels. */
const MAX_DEPTH = 100;

const isNameChar = (c: number) =>
  !(c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62 || c === 61);

/** Names every lyric file repeats, taken as constants rather than sliced again each time. */
const COMMON = ['span', 'p', 'br', 'begin', 'end', 'ttm:agent', 'itunes:key', 'ttm:role', 'div'];

function nameAt(text: string, from: number, to: number): string {
  const length = to - from;
  for (const name of COMMON) if (name.length === length && text.startsWith(name, from)) return name;
  return text.slice(from, to);
}

interface Context {
  text: string;
  tree: XmlTree;
  /** Open elements (`depth` of them); the document node (0) at the bottom. */
  stack: Int32Array;
  depth: number;
  problems: XmlDocument['problems'];
  deepNoted: boolean;
  /** The line number at `counted` (lines are counted only where a problem or element needs one). */
  line: number;
  counted: number;
}

/** The 1-based line of `pos` (positions are asked in increasing order). */
function lineAt(ctx: Context, pos: number): number {
  const { text } = ctx;
  for (let i = text.indexOf('\n', ctx.counted); i >= 0 && i < pos; i = text.indexOf('\n', i + 1))
    ctx.line++;
  ctx.counted = Math.max(ctx.counted, pos);
  return ctx.line;
}

/** The position after `end` from `from`, or the text's end with a problem noted. */
function skipTo(ctx: Context, from: number, end: string, what: string): number {
  const at = ctx.text.indexOf(end, from);
  if (at < 0) {
    ctx.problems.push({
      line: lineAt(ctx, from),
      message: `An unterminated ${what} runs to the end of the file.`,
    });
    return ctx.text.length;
  }
  return at + end.length;
}

const addText = (ctx: Context, value: string) =>
  ctx.tree.add(ctx.stack[ctx.depth - 1]!, value, 1, 0);

export function parseXml(text: string): XmlDocument {
  // At most a start tag and a text node per `<`, plus the document: counted, so no regrowing.
  let tags = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) tags++;
  const tree = new XmlTree(text, 2 * tags + 2);
  const top = tree.add(-1, '#document', 0, 1);
  const stack = new Int32Array(MAX_DEPTH + 2);
  stack[0] = top;
  const ctx: Context = {
    text,
    tree,
    stack,
    depth: 1,
    problems: [],
    deepNoted: false,
    line: 1,
    counted: 0,
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > i) addText(ctx, decodeXmlText(text.slice(i, textEnd)));
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) i = markup(ctx, lt);
    else if (next === 47 /* / */) i = endTag(ctx, lt);
    else i = startTag(text, lt, ctx, lineAt(ctx, lt));
  }
  if (ctx.depth > 1) {
    const open = stack[ctx.depth - 1]!;
    ctx.problems.push({
      line: tree.line[open]!,
      message: `The element <${tree.name[open]!}> is not closed before the end of the file.`,
    });
  }
  const root = tree.elements(top)[0] ?? -1;
  return { tree, root, problems: ctx.problems };
}

/** `<!-- -->`, `<![CDATA[ ]]>` (kept as text), `<? ?>`, `<!DOCTYPE …>`: the position after it. */
function markup(ctx: Context, lt: number): number {
  const { text } = ctx;
  if (text.startsWith('<!--', lt)) return skipTo(ctx, lt + 4, '-->', 'comment');
  if (text.startsWith('<![CDATA[', lt)) {
    const end = text.indexOf(']]>', lt + 9);
    addText(ctx, text.slice(lt + 9, end < 0 ? text.length : end));
    return end < 0 ? text.length : end + 3;
  }
  if (text.charCodeAt(lt + 1) === 63) return skipTo(ctx, lt + 2, '?>', 'processing instruction');
  const bracket = text.indexOf('[', lt);
  const close = text.indexOf('>', lt);
  return bracket >= 0 && close > bracket
    ? skipTo(ctx, bracket, ']>', 'DOCTYPE')
    : skipTo(ctx, lt, '>', 'declaration');
}

/** An end tag: closes its element (and any left open above it); the position after it. */
function endTag(ctx: Context, lt: number): number {
  const { text, tree, stack } = ctx;
  const close = text.indexOf('>', lt);
  const stop = close < 0 ? text.length : close;
  const after = close < 0 ? text.length : close + 1;
  // The usual case, the element on top, is checked without slicing its name.
  const top = ctx.depth - 1;
  if (top > 0 && endTagNames(text, lt + 2, stop, tree.name[stack[top]!]!)) {
    ctx.depth = top;
    return after;
  }
  // Look for the matching start tag near the top only: a flood of stray end tags stays linear.
  const name = text.slice(lt + 2, stop).trim();
  let at = top;
  while (at > 0 && ctx.depth - at <= MAX_DEPTH && tree.name[stack[at]!] !== name) at--;
  if (at > 0 && tree.name[stack[at]!] === name) ctx.depth = at;
  else
    ctx.problems.push({
      line: lineAt(ctx, lt),
      message: `The end tag </${name}> has no start tag; ignored.`,
    });
  return after;
}

/** `text[from, to)`, trimmed, is `name` (checked without slicing: one end tag per word). */
function endTagNames(text: string, from: number, to: number, name: string): boolean {
  while (from < to && isJsSpace(text.charCodeAt(from))) from++;
  while (to > from && isJsSpace(text.charCodeAt(to - 1))) to--;
  return to - from === name.length && text.startsWith(name, from);
}

/** Reads `<name attr="v" ...>` or `<name/>` at `lt`; returns the position after it. */
function startTag(text: string, lt: number, ctx: Context, line: number): number {
  const { tree, stack, problems } = ctx;
  let i = lt + 1;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  if (i === lt + 1) {
    // A lone `<` in text: keep it as text.
    tree.add(stack[ctx.depth - 1]!, '<', 1, 0);
    return lt + 1;
  }
  const name = nameAt(text, lt + 1, i);
  // Attributes go to the arrays' ends, so the element is added first and shown once its tag closes.
  const el = tree.add(-1, name, 0, line);
  for (;;) {
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    if (i >= text.length) {
      problems.push({ line, message: `The tag <${name}> is not closed.` });
      return text.length;
    }
    const c = text.charCodeAt(i);
    const gt = c === 62; /* > */
    if (gt || (c === 47 /* / */ && text.charCodeAt(i + 1) === 62)) {
      tree.link(stack[ctx.depth - 1]!, el);
      // Deeper than any real document: kept as an empty element, so readers never recurse deeper.
      if (gt && ctx.depth <= MAX_DEPTH) stack[ctx.depth++] = el;
      else if (gt && !ctx.deepNoted) {
        ctx.deepNoted = true;
        problems.push({
          line,
          message: `Elements nested deeper than ${MAX_DEPTH} levels were read as empty.`,
        });
      }
      return i + (gt ? 1 : 2);
    }
    const nameStart = i;
    while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
    if (i === nameStart) {
      i++; // a stray character inside the tag
      continue;
    }
    const key = nameAt(text, nameStart, i);
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    if (text.charCodeAt(i) !== 61 /* = */) {
      tree.addAttr(el, key, i, i);
      continue;
    }
    i++;
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    const quote = text.charCodeAt(i);
    if (quote === 34 /* " */ || quote === 39 /* ' */) {
      const end = text.indexOf(quote === 34 ? '"' : "'", i + 1);
      const stop = end < 0 ? text.length : end;
      tree.addAttr(el, key, i + 1, stop);
      i = stop + 1;
    } else {
      const valueStart = i;
      while (i < text.length && text.charCodeAt(i) > 32 && text.charCodeAt(i) !== 62) i++;
      tree.addAttr(el, key, valueStart, i);
    }
  }
}
