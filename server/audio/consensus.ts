import type { SphinxWord } from './sphinx';

/**
 * Several searches of one song, each with a different price on the garbage loop between lines, agree
 * on most lines; where one of them goes astray (a passage pulled onto an intro, or pushed past a
 * held note) the others rarely do the same. Each lyrics line is taken from the search whose start
 * for that line is the median of all searches' starts for it, so one search astray never decides a
 * line; the spread of the searches' starts for a word is how sure the result is of it.
 */
export interface Consensus {
  /** The chosen words, by index, in order. */
  words: SphinxWord[];
  /** Per word: which search it was taken from. */
  source: number[];
  /** Per word: the widest distance (seconds) between the searches' starts for it (0 for one search). */
  spread: number[];
}

/** `runs[r]` holds the words of search r (by index; a word may be missing); `lines[k]` word k's line. */
export function lineConsensus(
  runs: readonly (readonly SphinxWord[])[],
  lines: readonly number[],
): Consensus {
  const byRun = runs.map((words) => new Map(words.map((w) => [w.index, w])));
  const count = lines.length;
  const source: number[] = new Array<number>(count).fill(0);
  const spread: number[] = new Array<number>(count).fill(0);
  let first = 0;
  while (first < count) {
    let last = first;
    while (last + 1 < count && lines[last + 1] === lines[first]) last++;
    // Each search's start for the line: its first placed word of the line.
    const starts: [number, number][] = [];
    byRun.forEach((words, r) => {
      for (let k = first; k <= last; k++) {
        const w = words.get(k);
        if (w) {
          starts.push([w.start, r]);
          break;
        }
      }
    });
    starts.sort((a, b) => a[0] - b[0]);
    // The lower median: of two, the earlier (a search astray more often runs late past a held note).
    const chosen = starts[(starts.length - 1) >> 1]?.[1] ?? 0;
    for (let k = first; k <= last; k++) {
      source[k] = chosen;
      const all = byRun.flatMap((words) => {
        const w = words.get(k);
        return w ? [w.start] : [];
      });
      spread[k] = all.length > 1 ? Math.max(...all) - Math.min(...all) : 0;
    }
    first = last + 1;
  }
  const words: SphinxWord[] = [];
  for (let k = 0; k < count; k++) {
    const w = byRun[source[k] ?? 0]?.get(k);
    if (w) words.push(w);
  }
  return { words, source, spread };
}
