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

/** A lyrics line: its words' range and, per search, its span (first placed start, last placed end). */
interface Line {
  first: number;
  last: number;
  spans: ({ start: number; end: number } | undefined)[];
  /** The search whose start for the line is the (lower) median of all searches' starts. */
  median: number;
}

type WordsByIndex = ReadonlyMap<number, SphinxWord>;

/** Words `first..last` placed by one search: from its first placed start to its last placed end. */
function spanIn(
  words: WordsByIndex,
  first: number,
  last: number,
): { start: number; end: number } | undefined {
  let start: number | undefined;
  let end: number | undefined;
  for (let k = first; k <= last; k++) {
    const w = words.get(k);
    if (!w) continue;
    start ??= w.start;
    end = w.end;
  }
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The lines (runs of equal `lines[k]`), each with its span per search and its median search. */
function linesOf(byRun: readonly WordsByIndex[], lines: readonly number[]): Line[] {
  const all: Line[] = [];
  let first = 0;
  while (first < lines.length) {
    let last = first;
    while (last + 1 < lines.length && lines[last + 1] === lines[first]) last++;
    const spans = byRun.map((words) => spanIn(words, first, last));
    const starts = spans
      .flatMap((span, r) => (span ? [[span.start, r] as const] : []))
      .sort((a, b) => a[0] - b[0]);
    // The lower median: of two, the earlier (a search astray more often runs late past a held note).
    const median = starts[(starts.length - 1) >> 1]?.[1] ?? 0;
    all.push({ first, last, spans, median });
    first = last + 1;
  }
  return all;
}

/** Per word: the widest distance between the searches' starts for it (0 below two searches). */
function startSpreads(byRun: readonly WordsByIndex[], count: number): number[] {
  const spread: number[] = new Array<number>(count).fill(0);
  for (let k = 0; k < count; k++) {
    const at = byRun.flatMap((words) => {
      const w = words.get(k);
      return w ? [w.start] : [];
    });
    spread[k] = at.length > 1 ? Math.max(...at) - Math.min(...at) : 0;
  }
  return spread;
}

/**
 * The cost of taking `line` from search r on its own: off the median search, and without voice;
 * Infinity when the search lacks the line while another has it (it stands in only when none has it).
 */
function ownCost(
  line: Line,
  r: number,
  voiced: ((from: number, to: number) => number) | undefined,
): number {
  const rules = consensusRules;
  const span = line.spans[r];
  if (!span) return line.spans.some(Boolean) ? Infinity : 0;
  let own = 0;
  if (r !== line.median) {
    const medianStart = line.spans[line.median]?.start ?? 0;
    own += rules.offMedian + rules.perSecond * Math.abs(span.start - medianStart);
  }
  if (voiced && span.end > span.start) {
    own += rules.unvoiced * (1 - voiced(span.start, span.end));
  }
  return own;
}

/**
 * The monotonic path's table: cost[l][r] the least cost of lines 0..l with line l from search r,
 * from[l][r] the search of line l - 1 on that path (-1: none).
 */
function pathCosts(
  all: readonly Line[],
  searches: number,
  voiced: ((from: number, to: number) => number) | undefined,
): { cost: Float64Array[]; from: Int32Array[] } {
  const rules = consensusRules;
  const cost = all.map(() => new Float64Array(searches).fill(Infinity));
  const from = all.map(() => new Int32Array(searches).fill(-1));
  all.forEach((line, l) => {
    for (let r = 0; r < searches; r++) {
      const own = ownCost(line, r, voiced);
      if (!Number.isFinite(own)) continue;
      if (l === 0) {
        cost[l]![r] = own;
        continue;
      }
      const span = line.spans[r];
      for (let q = 0; q < searches; q++) {
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
  return { cost, from };
}

/** Walks the cheapest path back from the last line: per word, its search and whether it moved. */
function tracePath(
  all: readonly Line[],
  table: { cost: readonly Float64Array[]; from: readonly Int32Array[] },
  count: number,
): { source: number[]; moved: boolean[] } {
  const source: number[] = new Array<number>(count).fill(0);
  const moved: boolean[] = new Array<boolean>(count).fill(false);
  let choice = 0;
  const lastCosts = table.cost[all.length - 1];
  if (lastCosts) lastCosts.forEach((c, r) => c < (lastCosts[choice] ?? Infinity) && (choice = r));
  for (let l = all.length - 1; l >= 0; l--) {
    const line = all[l]!;
    const off = choice !== line.median && line.spans[choice] !== undefined;
    for (let k = line.first; k <= line.last; k++) {
      source[k] = choice;
      moved[k] = off;
    }
    const before = table.from[l]![choice]!;
    choice = before >= 0 ? before : (all[l - 1]?.median ?? 0);
  }
  return { source, moved };
}

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
  const byRun = runs.map((words) => new Map(words.map((w) => [w.index, w])));
  const count = lines.length;
  const all = linesOf(byRun, lines);
  const spread = startSpreads(byRun, count);
  const table = pathCosts(all, Math.max(1, runs.length), voiced);
  const { source, moved } = tracePath(all, table, count);
  const words: SphinxWord[] = [];
  for (let k = 0; k < count; k++) {
    const w = byRun[source[k] ?? 0]?.get(k);
    if (w) words.push(w);
  }
  return { words, source, spread, moved };
}
