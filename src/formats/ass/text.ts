import type { Segment } from '../build';

/**
 * The Text field of a Dialogue line: override blocks `{...}` with karaoke tags `\k` / `\K` /
 * `\kf` / `\ko` (durations in centiseconds, each starting a syllable), and the text escapes `\N`
 * and `\n` (line breaks) and `\h` (hard space), which separate words. Everything else in a block
 * (colours, positions, `\-syl` markers) is styling and dropped; ruby `|` and `#` stay text.
 */
const KARAOKE = /\\(kf|ko|kt|k|K)(\d+(?:\.\d+)?)/g;

export interface AssSyllables {
  /** Syllables from the line start; `start`/`end` in seconds. Null: no karaoke tags (line-timed). */
  segments: Segment[];
  timed: boolean;
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
        const block = raw.slice(i + 1, close);
        KARAOKE.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = KARAOKE.exec(block)) !== null) {
          if (m[1] === 'kt') continue;
          flush();
          timed = true;
          const duration = Number(m[2]) / 100;
          syllableStart = at;
          syllableEnd = at + duration;
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
  if (!timed) return { segments: [{ text: segments.map((s) => s.text).join('') }], timed: false };
  return { segments, timed: true };
}
