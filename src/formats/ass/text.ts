import type { Segment } from '../build';

/**
 * The Text field of a Dialogue line: override blocks `{...}` with karaoke tags `\k` / `\K` /
 * `\kf` / `\ko` (durations in centiseconds, each starting a syllable), and the text escapes `\N`
 * and `\n` (line breaks) and `\h` (hard space), which separate words. Everything else in a block
 * (colours, positions, `\-syl` markers) is styling and dropped. Furigana in karaoke syllables
 * (`漢|かん`, `見|<み`) keeps the base text only, as the WebVTT reader drops `<rt>`: the reading is
 * shown above the lyric, not sung as another word. A `#|` syllable continues the kanji before it,
 * which then lasts until that syllable ends.
 */

export interface AssSyllables {
  /** Syllables from the line start; `start`/`end` in seconds. Null: no karaoke tags (line-timed). */
  segments: Segment[];
  timed: boolean;
  /** Furigana readings dropped from karaoke syllables. */
  readings: number;
}

export function parseAssText(raw: string, lineStart: number): AssSyllables {
  const segments: Segment[] = [];
  let text = '';
  let at = lineStart;
  let syllableStart = lineStart;
  let syllableEnd = lineStart;
  let timed = false;
  const flush = () => {
    if (text.length > 0 || timed) segments.push({ text, start: syllableStart, end: syllableEnd });
    text = '';
  };
  let i = 0;
  let from = 0;
  let unclosed = false;
  const take = (to: number) => {
    if (to > from) text += raw.slice(from, to);
  };
  while (i < raw.length) {
    const c = raw.charCodeAt(i);
    if (c === 123 /* { */ && !unclosed) {
      const close = raw.indexOf('}', i + 1);
      // No `}` after this one: none after any later `{` either (linear on a file of unclosed braces).
      if (close < 0) unclosed = true;
      if (close > i) {
        take(i);
        // Karaoke tags in the block, as `/\\(kf|ko|kt|k|K)(\d+(?:\.\d+)?)/g` would find them.
        for (let b = raw.indexOf('\\', i + 1); b >= 0 && b < close; b = raw.indexOf('\\', b)) {
          const tag = karaokeTag(raw, b + 1, close);
          if (tag === 0) {
            b++;
            continue;
          }
          b = tagEnd;
          if (tag === KT) continue;
          flush();
          timed = true;
          syllableStart = at;
          syllableEnd = at + tagCentis / 100;
          at = syllableEnd;
        }
        i = from = close + 1;
        continue;
      }
    }
    if (c === 92 /* \ */ && i + 1 < raw.length) {
      const next = raw[i + 1];
      if (next === 'N' || next === 'n' || next === 'h') {
        take(i);
        text += ' ';
        i = from = i + 2;
        continue;
      }
    }
    i++;
  }
  take(raw.length);
  flush();
  if (!timed)
    return {
      segments: [{ text: segments.map((s) => s.text).join('') }],
      timed: false,
      readings: 0,
    };
  return { segments, timed: true, readings: dropFurigana(segments) };
}

/** `base|reading` syllables to `base` (whitespace around kept: it separates words). */
function dropFurigana(segments: Segment[]): number {
  let readings = 0;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k]!;
    const bar = seg.text.indexOf('|');
    if (bar < 0) continue;
    readings++;
    const trailing = /\s*$/.exec(seg.text)![0];
    let base = seg.text.slice(0, bar);
    if (base.trim() === '#') {
      base = base.replace('#', '');
      for (let p = k - 1; p >= 0; p--) {
        if (segments[p]!.text.trim() === '') continue;
        segments[p]!.end = seg.end;
        break;
      }
    }
    seg.text = base + trailing;
  }
  return readings;
}

const K = 1;
const KT = 2;
/** The last `karaokeTag`'s duration and the index after it. */
let tagCentis = 0;
let tagEnd = 0;

/**
 * A karaoke tag after a backslash at `at` (before `stop`): `kf`, `ko`, `kt`, `k` or `K` and a
 * duration `\d+(\.\d+)?`; 0 when there is none (the backslash starts something else). The longer
 * names are tried first and a name without digits after it falls back to `k`, as the pattern does.
 */
function karaokeTag(raw: string, at: number, stop: number): number {
  const c = raw.charCodeAt(at);
  if (c === 107 /* k */) {
    const d = raw.charCodeAt(at + 1);
    if (
      (d === 102 /* f */ || d === 111 /* o */ || d === 116) /* t */ &&
      duration(raw, at + 2, stop)
    )
      return d === 116 ? KT : K;
    return duration(raw, at + 1, stop) ? K : 0;
  }
  if (c === 75 /* K */) return duration(raw, at + 1, stop) ? K : 0;
  return 0;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** `\d+(\.\d+)?` at `at` (before `stop`) into tagCentis / tagEnd; false when no digit. */
function duration(raw: string, at: number, stop: number): boolean {
  let i = at;
  let value = 0;
  while (i < stop && isDigit(raw.charCodeAt(i))) value = value * 10 + (raw.charCodeAt(i++) - 48);
  if (i === at) return false;
  let end = i;
  if (i + 1 < stop && raw.charCodeAt(i) === 46 /* . */ && isDigit(raw.charCodeAt(i + 1))) {
    end = i + 2;
    while (end < stop && isDigit(raw.charCodeAt(end))) end++;
  }
  // Whole centiseconds of up to 15 digits are exact; anything else is parsed as the text says.
  tagCentis = end === i && i - at <= 15 ? value : Number(raw.slice(at, end));
  tagEnd = end;
  return true;
}
