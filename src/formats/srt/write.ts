import type { AlignmentItem } from '../../contract';
import { groupLines, lineText, oneLine } from '../group';
import { formatSrtTime } from '../time';

/** One numbered cue per lyric line (SRT is line-timed: word times become the cue's span). */
export function writeSrt(items: readonly AlignmentItem[]): string {
  return groupLines(items)
    .map(
      (line, i) =>
        `${i + 1}\n${formatSrtTime(line.start)} --> ${formatSrtTime(line.end)}\n${oneLine(lineText(line))}\n`,
    )
    .join('\n');
}
