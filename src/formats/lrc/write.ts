import type { AlignmentItem } from '../../contract';
import { groupLines, lineText, oneLine, type OutLine } from '../group';
import { formatLrcTime, toCentis } from '../time';
import type { WriteOptions } from '../types';

function header(options: WriteOptions): string[] {
  const out: string[] = [];
  if (options.title) out.push(`[ti:${oneLine(options.title)}]`);
  if (options.artist) out.push(`[ar:${oneLine(options.artist)}]`);
  if (options.language) out.push(`[la:${oneLine(options.language)}]`);
  return out;
}

/**
 * Lines in time order. LRC has no line ends: a line lasts until the next stamp, so an empty `[t]`
 * line marks a gap (and the end of the last line). Translations follow their line with the same
 * stamp (the lyric sites' convention, read back as translations).
 */
function writeLines(
  items: readonly AlignmentItem[],
  options: WriteOptions,
  body: (line: OutLine) => string,
): string {
  const lines = groupLines(items);
  const out = header(options);
  lines.forEach((line, i) => {
    const stamp = `[${formatLrcTime(line.start)}]`;
    out.push(stamp + body(line));
    for (const text of Object.values(line.translations)) out.push(stamp + oneLine(text));
    const next = lines[i + 1];
    if (!next || toCentis(next.start) > toCentis(line.end))
      out.push(`[${formatLrcTime(line.end)}]`);
  });
  return out.join('\n') + '\n';
}

export function writeLrc(items: readonly AlignmentItem[], options: WriteOptions = {}): string {
  return writeLines(items, options, (line) => oneLine(lineText(line)));
}

/**
 * Enhanced LRC (A2): `<t>` before each word or syllable; an end stamp only where a gap follows
 * (`word<t_end> <t_next>next`), and always after the last word.
 */
export function writeElrc(items: readonly AlignmentItem[], options: WriteOptions = {}): string {
  return writeLines(items, options, (line) => {
    const parts: string[] = [];
    let writtenEnd = -1;
    let i = 0;
    for (const word of line.words) {
      for (let si = 0; si < word.length; si++, i++) {
        const x = word[si]!;
        const start = Math.max(toCentis(x.start), writtenEnd);
        if (i > 0 && start > writtenEnd) parts.push(`<${formatLrcTime(writtenEnd / 100)}>`);
        if (i > 0 && si === 0) parts.push(' ');
        parts.push(`<${formatLrcTime(start / 100)}>`, oneLine(x.text));
        writtenEnd = Math.max(start, toCentis(x.end));
      }
    }
    parts.push(`<${formatLrcTime(writtenEnd / 100)}>`);
    return parts.join('');
  });
}
