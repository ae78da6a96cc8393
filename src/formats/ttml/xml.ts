import { indexWithin } from '../text/lines';
import { decodeEntity } from '../vtt/payload';

/**
 * A small, forgiving XML reader for TTML (ADR 0008): elements with attributes, text (entities
 * decoded), CDATA; comments, processing instructions and the DOCTYPE are skipped. No DOM (the
 * module runs in Node too), no namespaces resolution: names keep their prefix and TTML is matched
 * by local name. Scans with indexOf, so it is linear and cannot backtrack. Unclosed elements are
 * closed at the end of the file and a stray end tag is ignored, each with a problem noted.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** 1-based line of the start tag. */
  line: number;
}
export type XmlNode = XmlElement | string;

export interface XmlDocument {
  root: XmlElement | null;
  problems: { line: number; message: string }[];
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name (`ttm:agent` by `agent`, `xml:lang` by `lang`). */
export function attr(el: XmlElement, local: string): string | undefined {
  const direct = el.attrs[local];
  if (direct !== undefined) return direct;
  // `prefix:local` without slicing every key (called for every span of a 100k-word file).
  for (const key in el.attrs) {
    const at = key.length - local.length - 1;
    if (at > 0 && key.charCodeAt(at) === 58 /* : */ && key.endsWith(local)) return el.attrs[key];
  }
  return undefined;
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

export function parseXml(text: string): XmlDocument {
  const problems: XmlDocument['problems'] = [];
  const top: XmlElement = { name: '#document', attrs: {}, children: [], line: 1 };
  const stack: XmlElement[] = [top];
  const ctx: Context = { stack, problems, deepNoted: false };
  let line = 1;
  let counted = 0;
  const lineAt = (pos: number) => {
    for (let i = text.indexOf('\n', counted); i >= 0 && i < pos; i = text.indexOf('\n', i + 1))
      line++;
    counted = Math.max(counted, pos);
    return line;
  };
  const skipTo = (from: number, end: string, what: string) => {
    const at = text.indexOf(end, from);
    if (at < 0) {
      problems.push({
        line: lineAt(from),
        message: `An unterminated ${what} runs to the end of the file.`,
      });
      return text.length;
    }
    return at + end.length;
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > i) stack[stack.length - 1]!.children.push(decodeXmlText(text.slice(i, textEnd)));
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) i = skipTo(lt + 4, '-->', 'comment');
    else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      const stop = end < 0 ? text.length : end;
      stack[stack.length - 1]!.children.push(text.slice(lt + 9, stop));
      i = end < 0 ? text.length : end + 3;
    } else if (text.startsWith('<?', lt)) i = skipTo(lt + 2, '?>', 'processing instruction');
    else if (text.startsWith('<!', lt)) {
      const bracket = text.indexOf('[', lt);
      const close = text.indexOf('>', lt);
      i =
        bracket >= 0 && close > bracket
          ? skipTo(bracket, ']>', 'DOCTYPE')
          : skipTo(lt, '>', 'declaration');
    } else if (text[lt + 1] === '/') {
      const close = text.indexOf('>', lt);
      const name = text.slice(lt + 2, close < 0 ? text.length : close).trim();
      i = close < 0 ? text.length : close + 1;
      // Look for the matching start tag near the top only: a flood of stray end tags stays linear.
      let at = stack.length - 1;
      while (at > 0 && stack.length - at <= MAX_DEPTH && stack[at]!.name !== name) at--;
      if (at > 0 && stack[at]!.name === name) stack.length = at;
      else
        problems.push({
          line: lineAt(lt),
          message: `The end tag </${name}> has no start tag; ignored.`,
        });
    } else {
      i = startTag(text, lt, ctx, lineAt(lt));
    }
  }
  if (stack.length > 1) {
    const open = stack[stack.length - 1]!;
    problems.push({
      line: open.line,
      message: `The element <${open.name}> is not closed before the end of the file.`,
    });
  }
  const root = top.children.find((c): c is XmlElement => typeof c !== 'string') ?? null;
  return { root, problems };
}

/** Reads `<name attr="v" ...>` or `<name/>` at `lt`; returns the position after it. */
interface Context {
  stack: XmlElement[];
  problems: XmlDocument['problems'];
  deepNoted: boolean;
}

function startTag(text: string, lt: number, ctx: Context, line: number): number {
  const { stack, problems } = ctx;
  let i = lt + 1;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(lt + 1, i);
  const el: XmlElement = { name, attrs: {}, children: [], line };
  if (name === '') {
    // A lone `<` in text: keep it as text.
    stack[stack.length - 1]!.children.push('<');
    return lt + 1;
  }
  for (;;) {
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    if (i >= text.length) {
      problems.push({ line, message: `The tag <${name}> is not closed.` });
      return text.length;
    }
    const c = text[i];
    if (c === '>' || (c === '/' && text[i + 1] === '>')) {
      stack[stack.length - 1]!.children.push(el);
      // Deeper than any real document: kept as an empty element, so readers never recurse deeper.
      if (c === '>' && stack.length <= MAX_DEPTH) stack.push(el);
      else if (c === '>' && !ctx.deepNoted) {
        ctx.deepNoted = true;
        problems.push({
          line,
          message: `Elements nested deeper than ${MAX_DEPTH} levels were read as empty.`,
        });
      }
      return i + (c === '>' ? 1 : 2);
    }
    const nameStart = i;
    while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
    const key = text.slice(nameStart, i);
    if (key === '') {
      i++; // a stray character inside the tag
      continue;
    }
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    if (text[i] !== '=') {
      el.attrs[key] = '';
      continue;
    }
    i++;
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      const stop = end < 0 ? text.length : end;
      el.attrs[key] = decodeXmlText(text.slice(i + 1, stop));
      i = stop + 1;
    } else {
      const valueStart = i;
      while (i < text.length && text.charCodeAt(i) > 32 && text[i] !== '>') i++;
      el.attrs[key] = decodeXmlText(text.slice(valueStart, i));
    }
  }
}
