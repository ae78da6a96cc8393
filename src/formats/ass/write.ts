import type { AlignmentItem } from '../../contract';
import { groupLines, languagesOf, oneLine, singersOf, type OutLine } from '../group';
import { voiceName } from '../singers';
import { formatAssTime, toCentis } from '../time';
import type { WriteOptions } from '../types';

/**
 * An Aegisub-style karaoke script: [Script Info], one [V4+ Styles] style, and one Dialogue row per
 * lyric line with a `{\k}` duration (centiseconds) before each syllable. Durations are differences
 * of rounded boundaries, so they sum exactly to the row's End - Start; a pause is an empty `{\kN}`.
 * Singers are actors `P1`, `P2` when there are several. Translations are rows of their own, one
 * style per language (`Translation-<lang>`, smaller, at the top), at their line's times.
 */
const STYLE_FORMAT =
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';
const STYLE =
  'Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1';
const EVENT_FORMAT =
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text';

/** Braces open override blocks and a backslash starts an escape: neither may appear in text. */
const SPECIAL = /[{}\\]/;
const escapeText = (text: string) => {
  const line = oneLine(text);
  return SPECIAL.test(line)
    ? line.replace(/\{/g, '(').replace(/\}/g, ')').replace(/\\/g, '/')
    : line;
};

export function writeAss(items: readonly AlignmentItem[], options: WriteOptions = {}): string {
  const lines = groupLines(items);
  const actors = singersOf(lines).length > 1;
  const langs = languagesOf(lines);
  const out = ['[Script Info]', '; Written by Karaoke Timing Studio'];
  if (options.title) out.push(`Title: ${oneLine(options.title)}`);
  out.push(
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'PlayResX: 1280',
    'PlayResY: 720',
    '',
    '[V4+ Styles]',
    STYLE_FORMAT,
    STYLE,
    ...langs.map(
      (l) =>
        `Style: Translation-${l.replace(/[^A-Za-z0-9-]/g, '')},Arial,32,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,1,0,0,100,100,0,0,1,2,1,8,40,40,40,1`,
    ),
    '',
    '[Events]',
    EVENT_FORMAT,
  );
  for (const line of lines) {
    const name = actors && line.singer !== undefined ? voiceName(line.singer) : '';
    const { start, end, text } = karaokeText(line);
    out.push(
      `Dialogue: 0,${formatAssTime(start / 100)},${formatAssTime(end / 100)},Default,${name},0,0,0,,${text}`,
    );
    for (const l of langs) {
      const tr = line.translations[l];
      if (tr === undefined) continue;
      out.push(
        `Dialogue: 0,${formatAssTime(start / 100)},${formatAssTime(end / 100)},Translation-${l.replace(/[^A-Za-z0-9-]/g, '')},${name},0,0,0,,${escapeText(tr)}`,
      );
    }
  }
  return out.join('\n') + '\n';
}

function karaokeText(line: OutLine): { start: number; end: number; text: string } {
  const start = toCentis(line.start);
  const end = Math.max(start, toCentis(line.end));
  const parts: string[] = [];
  let at = start;
  line.words.forEach((word, wi) => {
    word.forEach((x, si) => {
      const s = Math.min(end, Math.max(at, toCentis(x.start)));
      if (s > at) parts.push(`{\\k${s - at}}`);
      const e = Math.min(end, Math.max(s, toCentis(x.end)));
      const space = wi > 0 && si === 0 ? ' ' : '';
      // The space goes before the syllable's tag's text so that the previous word ends cleanly.
      parts.push(`{\\k${e - s}}${space}${escapeText(x.text)}`);
      at = e;
    });
  });
  if (end > at) parts.push(`{\\k${end - at}}`);
  return { start, end, text: parts.join('') };
}
