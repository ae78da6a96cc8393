import type { AlignmentItem } from '../../contract';
import { groupLines, oneLine, singersOf, type OutLine } from '../group';
import type { WriteOptions } from '../types';

/**
 * UltraStar TXT with BPM 1500: one beat = 60 / (1500 * 4) s = 10 ms, fine enough for 10 ms round
 * trips, and GAP on a 10 ms grid at the first note, so every beat is a whole number. Pitch is 0
 * (the alignment has no melody). Duets: `P1` / `P2` parts by singer.
 */
const BPM = 1500;

export function writeUltrastar(
  items: readonly AlignmentItem[],
  options: WriteOptions = {},
): string {
  const lines = groupLines(items);
  const first = lines.reduce((m, l) => Math.min(m, l.start), Infinity);
  const gapCentis = Number.isFinite(first) ? Math.floor(first * 100 + 1e-6) : 0;
  const beatOf = (t: number) => Math.round(t * 100) - gapCentis;
  const title = oneLine(options.title ?? '') || 'Untitled';
  const out = [`#TITLE:${title}`, `#ARTIST:${oneLine(options.artist ?? '') || 'Unknown'}`];
  if (options.language) out.push(`#LANGUAGE:${oneLine(options.language)}`);
  out.push(`#MP3:${title}.mp3`, `#BPM:${BPM}`, `#GAP:${gapCentis * 10}`);
  const singers = singersOf(lines);
  const parts =
    singers.length > 1
      ? singers.map((s, i) => ({
          tag: `P${s + 1}`,
          lines: lines.filter(
            (l) => (l.singer ?? singers[0]) === s || (i === 0 && l.singer === undefined),
          ),
        }))
      : [{ tag: '', lines }];
  for (const part of parts) {
    if (part.tag) out.push(part.tag);
    writePart(part.lines, beatOf, out);
  }
  out.push('E');
  return out.join('\n') + '\n';
}

function writePart(lines: OutLine[], beatOf: (t: number) => number, out: string[]): void {
  let previousEnd = 0;
  lines.forEach((line, li) => {
    // A break between the previous line's last note and this line's first.
    if (li > 0) out.push(`- ${Math.min(previousEnd, beatOf(line.start))}`);
    line.words.forEach((word, wi) => {
      word.forEach((x, si) => {
        const b = beatOf(x.start);
        const length = Math.max(1, beatOf(x.end) - b);
        const space = wi > 0 && si === 0 ? ' ' : '';
        out.push(`: ${b} ${length} 0 ${space}${oneLine(x.text)}`);
        previousEnd = Math.max(previousEnd, b + length);
      });
    });
  });
}
