import type { AlignmentItem } from '../../contract';
import { groupLines, oneLine, singersOf } from '../group';
import { voiceName } from '../singers';
import { formatClockMs, toMillis } from '../time';
import type { WriteOptions } from '../types';

const SPECIAL = /[&<>]/;
const escape = (text: string) => {
  const line = oneLine(text);
  return SPECIAL.test(line)
    ? line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : line;
};
/** `<hh:mm:ss.mmm>` from whole milliseconds. */
const stamp = (ms: number) => `<${formatClockMs(ms / 1000)}>`;

/**
 * One cue per lyric line; word and syllable starts as `<hh:mm:ss.mmm>` timestamps (the first is
 * the cue start), and an end timestamp before a gap (`word<t> <t2>next`). Singers as `<v P1>` when
 * there are several. Each translation is one more payload line, `<lang xx>text</lang>`.
 */
export function writeVtt(items: readonly AlignmentItem[], options: WriteOptions = {}): string {
  const lines = groupLines(items);
  const voices = singersOf(lines).length > 1;
  const out = ['WEBVTT', ''];
  const note = [
    options.title && `Title: ${oneLine(options.title)}`,
    options.artist && `Artist: ${oneLine(options.artist)}`,
    options.language && `Language: ${oneLine(options.language)}`,
  ].filter(Boolean);
  if (note.length > 0) out.push('NOTE', ...(note as string[]), '');
  for (const line of lines) {
    const cueStart = toMillis(line.start);
    const cueEnd = Math.max(cueStart, toMillis(line.end));
    const parts: string[] = [];
    if (voices && line.singer !== undefined) parts.push(`<v ${voiceName(line.singer)}>`);
    let written = cueStart;
    let k = 0;
    for (const word of line.words) {
      for (let si = 0; si < word.length; si++, k++) {
        const x = word[si]!;
        const start = Math.min(cueEnd, Math.max(toMillis(x.start), written));
        if (k > 0 && start > written) parts.push(stamp(written));
        if (k > 0 && si === 0) parts.push(' ');
        if (k > 0 || start > cueStart) parts.push(stamp(start));
        parts.push(escape(x.text));
        written = Math.min(cueEnd, Math.max(start, toMillis(x.end)));
      }
    }
    if (written < cueEnd) parts.push(stamp(written));
    out.push(
      `${formatClockMs(cueStart / 1000)} --> ${formatClockMs(cueEnd / 1000)}`,
      parts.join(''),
      ...Object.entries(line.translations).map(
        ([l, text]) => `<lang ${l.replace(/[^A-Za-z0-9-]/g, '')}>${escape(text)}</lang>`,
      ),
      '',
    );
  }
  return out.join('\n');
}
