import { indexWithin } from '../text/lines';
import { parseClockIn } from '../time';

/** Longer than any timestamp or `<v Some Singer's Name>`; a `<` without `>` within it is text. */
const MAX_TAG = 256;

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
  let from = 0;
  const take = (to: number) => {
    if (to > from && inRt === 0) text += payload.slice(from, to);
  };
  while (i < payload.length) {
    const c = payload.charCodeAt(i);
    if (c === 60 /* < */) {
      const close = indexWithin(payload, '>', i + 1, MAX_TAG);
      if (close > i) {
        take(i);
        const tagStart = i + 1;
        i = from = close + 1;
        const first = payload.charCodeAt(tagStart);
        if (first >= 48 && first <= 57) {
          // A timestamp, read in place: one per word.
          const t = parseClockIn(payload, tagStart, close);
          if (!Number.isNaN(t)) {
            texts.push(text);
            stamps.push(t);
            text = '';
          }
          continue;
        }
        const tag = payload.slice(tagStart, close);
        if (/^v[\s.]/.test(tag) || tag === 'v') {
          voice ??= tag.replace(/^v(\.[^\s]*)?\s*/, '').trim() || undefined;
        } else if (/^rt[\s.]?/.test(tag) && !tag.startsWith('rt/')) inRt++;
        else if (tag === '/rt') inRt = Math.max(0, inRt - 1);
        continue;
      }
    }
    if (c === 38 /* & */) {
      const semi = indexWithin(payload, ';', i + 1, 10);
      if (semi > i) {
        const decoded = decodeEntity(payload.slice(i + 1, semi));
        if (decoded !== null) {
          take(i);
          if (inRt === 0) text += decoded;
          i = from = semi + 1;
          continue;
        }
      }
    }
    i++;
  }
  take(payload.length);
  texts.push(text);
  return { texts, stamps, voice };
}
