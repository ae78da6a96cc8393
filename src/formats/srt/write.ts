import type { AlignmentItem } from '../../contract';
import { groupLines, lineText, oneLine } from '../group';
import { formatSrtTime } from '../time';

/**
 * One numbered cue per lyric line (SRT is line-timed: word times become the cue's span); each
 * translation is a second text line in italics (read back as a translation, language `und`).
 */
export function writeSrt(items: readonly AlignmentItem[]): string {
  return groupLines(items)
    .map((line, i) => {
      const translations = Object.values(line.translations).map(
        (text) => `<i>${oneLine(text).replace(/[<>]/g, '')}</i>\n`,
      );
      return `${i + 1}\n${formatSrtTime(line.start)} --> ${formatSrtTime(line.end)}\n${oneLine(lineText(line))}\n${translations.join('')}`;
    })
    .join('\n');
}
