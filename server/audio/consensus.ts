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
  /**
   * Per word: its line was not taken from the median search (the voicing or the order overruled
   * it): a passage moved by the check, worth a look.
   */
  moved: boolean[];
}

/** How the line choice weighs the searches' agreement against the stem's voicing. */
export const consensusRules = {
  /** Taking a line from a search other than the median one costs this... */
  offMedian: 1,
  /** ...plus this per second away from the median start (ties between close starts). */
  perSecond: 0.02,
  /** A line's span without voice costs this times its unvoiced share. */
  unvoiced: 1.5,
  /** A line starting this long before the chosen previous line ends is out of order... */
  overlapSeconds: 0.5,
  /** ...which costs this. */
  outOfOrder: 10,
};

/**
 * `runs[r]` holds the words of search r (by index; a word may be missing); `lines[k]` word k's line.
 * `voiced(from, to)`: the share of [from, to) seconds where the vocal stem is voiced; with it, a
 * line whose median placement lies on music while another search puts it on the voice is taken
 * from that search. Lines are chosen by a monotonic path (dynamic programming over lines and
 * searches): a line that would start before the chosen previous line ends is avoided.
 */
export function lineConsensus(
  runs: readonly (readonly SphinxWord[])[],
  lines: readonly number[],
  voiced?: (from: number, to: number) => number,
): Consensus {
  const rules = consensusRules;
  const byRun = runs.map((words) => new Map(words.map((w) => [w.index, w])));
  const count = lines.length;
  const source: number[] = new Array<number>(count).fill(0);
  const spread: number[] = new Array<number>(count).fill(0);
  // Each line: its words' range and, per search, its span (first placed start, last placed end).
  interface Line {
    first: number;
    last: number;
    spans: ({ start: number; end: number } | undefined)[];
    median: number;
  }
  const all: Line[] = [];
  let first = 0;
  while (first < count) {
    let last = first;
    while (last + 1 < count && lines[last + 1] === lines[first]) last++;
    const spans = byRun.map((words) => {
      let start: number | undefined;
      let end: number | undefined;
      for (let k = first; k <= last; k++) {
        const w = words.get(k);
        if (!w) continue;
        start ??= w.start;
        end = w.end;
      }
      return start === undefined || end === undefined ? undefined : { start, end };
    });
    const starts = spans
      .flatMap((span, r) => (span ? [[span.start, r] as const] : []))
      .sort((a, b) => a[0] - b[0]);
    // The lower median: of two, the earlier (a search astray more often runs late past a held note).
    const median = starts[(starts.length - 1) >> 1]?.[1] ?? 0;
    all.push({ first, last, spans, median });
    for (let k = first; k <= last; k++) {
      const at = byRun.flatMap((words) => {
        const w = words.get(k);
        return w ? [w.start] : [];
      });
      spread[k] = at.length > 1 ? Math.max(...at) - Math.min(...at) : 0;
    }
    first = last + 1;
  }
  // cost[l][r]: the least cost of lines 0..l with line l from search r; from[l][r] the choice before.
  const R = Math.max(1, runs.length);
  const cost = all.map(() => new Float64Array(R).fill(Infinity));
  const from = all.map(() => new Int32Array(R).fill(-1));
  all.forEach((line, l) => {
    const medianStart = line.spans[line.median]?.start ?? 0;
    for (let r = 0; r < R; r++) {
      const span = line.spans[r];
      // A search without the line stands in only when none has it (the words are filled later).
      if (!span && line.spans.some(Boolean)) continue;
      let own = 0;
      if (span) {
        if (r !== line.median) {
          own += rules.offMedian + rules.perSecond * Math.abs(span.start - medianStart);
        }
        if (voiced && span.end > span.start) {
          own += rules.unvoiced * (1 - voiced(span.start, span.end));
        }
      }
      if (l === 0) {
        cost[l]![r] = own;
        continue;
      }
      for (let q = 0; q < R; q++) {
        const before = cost[l - 1]![q]!;
        if (!Number.isFinite(before)) continue;
        const previous = all[l - 1]!.spans[q];
        const late =
          span && previous && span.start < previous.end - rules.overlapSeconds
            ? rules.outOfOrder
            : 0;
        if (before + late + own < cost[l]![r]!) {
          cost[l]![r] = before + late + own;
          from[l]![r] = q;
        }
      }
    }
  });
  let choice = 0;
  const lastCosts = cost[all.length - 1];
  if (lastCosts) lastCosts.forEach((c, r) => c < (lastCosts[choice] ?? Infinity) && (choice = r));
  const moved: boolean[] = new Array<boolean>(count).fill(false);
  for (let l = all.length - 1; l >= 0; l--) {
    const line = all[l]!;
    const off = choice !== line.median && line.spans[choice] !== undefined;
    for (let k = line.first; k <= line.last; k++) {
      source[k] = choice;
      moved[k] = off;
    }
    choice = from[l]![choice]! >= 0 ? from[l]![choice]! : (all[l - 1]?.median ?? 0);
  }
  const words: SphinxWord[] = [];
  for (let k = 0; k < count; k++) {
    const w = byRun[source[k] ?? 0]?.get(k);
    if (w) words.push(w);
  }
  return { words, source, spread, moved };
}
