import { parseClock } from '../time';

/**
 * A WebVTT cue payload: text, `<hh:mm:ss.mmm>` timestamps (karaoke boundaries), `<v Name>` voice,
 * class/italic/bold/underline/lang/ruby tags (dropped, `<rt>` text with them) and character
 * references. Scanned by hand: a stray `<` without `>` is text, never a backtracking pattern.
 */
export interface Payload {
  texts: string[];
  stamps: number[];
  voice: string | undefined;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};

export function decodeEntity(name: string): string | null {
  if (name.startsWith('#x') || name.startsWith('#X')) {
    const code = parseInt(name.slice(2), 16);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : null;
  }
  if (name.startsWith('#')) {
    const code = parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : null;
  }
  return ENTITIES[name] ?? null;
}

export function parsePayload(payload: string): Payload {
  const texts: string[] = [];
  const stamps: number[] = [];
  let voice: string | undefined;
  let text = '';
  let inRt = 0;
  let i = 0;
  while (i < payload.length) {
    const c = payload[i]!;
    if (c === '<') {
      const close = payload.indexOf('>', i + 1);
      if (close > i) {
        const tag = payload.slice(i + 1, close);
        i = close + 1;
        const first = tag[0];
        if (first !== undefined && first >= '0' && first <= '9') {
          const t = parseClock(tag);
          if (!Number.isNaN(t)) {
            texts.push(text);
            stamps.push(t);
            text = '';
          }
        } else if (/^v[\s.]/.test(tag) || tag === 'v') {
          voice ??= tag.replace(/^v(\.[^\s]*)?\s*/, '').trim() || undefined;
        } else if (/^rt[\s.>]?/.test(tag) && !tag.startsWith('rt/')) inRt++;
        else if (tag === '/rt') inRt = Math.max(0, inRt - 1);
        continue;
      }
    }
    if (c === '&') {
      const semi = payload.indexOf(';', i + 1);
      if (semi > i && semi - i <= 10) {
        const decoded = decodeEntity(payload.slice(i + 1, semi));
        if (decoded !== null) {
          if (inRt === 0) text += decoded;
          i = semi + 1;
          continue;
        }
      }
    }
    if (inRt === 0) text += c;
    i++;
  }
  texts.push(text);
  return { texts, stamps, voice };
}
