import type { Atom } from './atoms';
import { FRAME_SECONDS } from './voicing';

export interface PlacedWord {
  syllables: number;
  lineStart: boolean;
}

/** A word's span in frames, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** Tuning of the placement costs (exported for the bench and tests; the defaults are the tuned ones). */
export const alignCosts = {
  /** Longest piece of voicing a word boundary cannot fall inside, in seconds. */
  atomSeconds: 0.08,
  /** Fixed share of a word's expected length, in syllables, on top of its syllable count. */
  wordBaseSyllables: 0.5,
  /** Weight of (ln(actual / expected length))². */
  duration: 2,
  /** Per second of silence inside one word. */
  innerGap: 8,
  /** Per break (a silence, or a valley of 8 dB or more) inside a word beyond its syllables - 1. */
  extraBreak: 1,
  /** A word that starts inside continuous voicing rather than after a silence. */
  joinStart: 1.5,
  /** Taken off joinStart for an energy valley of 8 dB or more where the word starts. */
  valleyBonus: 1,
  /** A line that starts without a silence of `lineGapSeconds` before it. */
  lineStart: 3,
  lineGapSeconds: 0.5,
  /** A word within a line that starts after a silence longer than `longGapSeconds`, per second over. */
  longGap: 2,
  longGapSeconds: 0.6,
  /** Per second of voicing left out of every word (bleed, breaths)... */
  skip: 6,
  /** ...less for weak voicing: the cost halves for every `skipHalvingDb` its peak is below the loud level. */
  skipHalvingDb: 4,
  maxWordSeconds: 4,
  /** Longest a word may be, in multiples of its expected voiced length. */
  maxStretch: 8,
};

function boundaryCost(word: PlacedWord, atom: Atom, previousEnd: number): number {
  const c = alignCosts;
  const gapFrames = previousEnd < 0 ? atom.start : atom.start - previousEnd;
  const gap = gapFrames * FRAME_SECONDS;
  if (word.lineStart) return c.lineStart * Math.max(0, 1 - gap / c.lineGapSeconds);
  if (gapFrames > 0) return c.longGap * Math.max(0, gap - c.longGapSeconds);
  return c.joinStart - c.valleyBonus * Math.min(1, atom.dipBefore / 8);
}

/**
 * Dynamic programme over (words placed, atoms consumed): each word takes a run of consecutive atoms,
 * atoms between words may be left out. Costs: each word's voiced length against its syllable share,
 * silences inside words, where words and lines start, and voicing left out. Returns each word's span,
 * or undefined when there are fewer atoms than words.
 */
export function placeWords(words: PlacedWord[], atoms: Atom[]): Span[] | undefined {
  const c = alignCosts;
  const n = words.length;
  const m = atoms.length;
  if (m < n) return undefined;
  const lengths = atoms.map((a) => (a.end - a.start) * FRAME_SECONDS);
  const strength = atoms.map((a) => 0.5 ** (a.weakness / c.skipHalvingDb));
  const skipCosts = atoms.map((_, j) => c.skip * (lengths[j] ?? 0) * (strength[j] ?? 1));
  // Expected lengths share out the strong voicing (weak voicing is mostly bleed).
  const voiced = atoms.reduce((sum, _, j) => sum + (lengths[j] ?? 0) * (strength[j] ?? 1), 0);
  const syllables = words.reduce((sum, w) => sum + w.syllables + c.wordBaseSyllables, 0);
  const expected = words.map((w) => (voiced * (w.syllables + c.wordBaseSyllables)) / syllables);
  const band = new Band(m, expected);
  const { cost, from, lastEnd } = band;
  cost[band.at(0, 0)] = 0;
  for (let i = 0; i <= n; i++) {
    const word = words[i];
    const lo = band.low(i);
    const hi = Math.min(m, lo + band.width);
    const nextLo = band.low(i + 1);
    const nextHi = nextLo + band.width;
    for (let j = lo; j < hi; j++) {
      const cell = band.at(i, j);
      const here = cost[cell] ?? Infinity;
      const atom = atoms[j];
      if (here === Infinity || !atom) continue;
      const right = band.at(i, j + 1);
      const skipped = here + (skipCosts[j] ?? 0);
      if (right >= 0 && skipped < (cost[right] ?? Infinity)) {
        cost[right] = skipped;
        from[right] = -2;
        lastEnd[right] = lastEnd[cell] ?? -1;
      }
      if (!word) continue;
      const start = here + (i === 0 ? 0 : boundaryCost(word, atom, lastEnd[cell] ?? -1));
      const want = expected[i] ?? 1;
      let length = 0;
      let innerGap = 0;
      let breaks = 0;
      // A word has room for (syllables - 1) breaks (valleys, silences) inside it; more cost extra.
      const freeBreaks = Math.max(0, word.syllables - 1);
      for (let k = j; k < m && k + 1 < nextHi; k++) {
        const a = atoms[k];
        if (!a) break;
        if (k > j) {
          innerGap += a.gapBefore * FRAME_SECONDS;
          breaks += a.gapBefore > 0 ? 1 : Math.min(1, a.dipBefore / 8);
        }
        if (k > j && (a.end - atom.start) * FRAME_SECONDS > c.maxWordSeconds) break;
        length += lengths[k] ?? 0;
        // Far longer than expected costs more than any other choice: stop (keeps dense lyrics fast).
        if (k > j && length > c.maxStretch * want) break;
        if (k + 1 < nextLo) continue;
        const total =
          start +
          c.duration * Math.log(length / want) ** 2 +
          c.innerGap * innerGap +
          c.extraBreak * Math.max(0, breaks - freeBreaks);
        const at = band.at(i + 1, k + 1);
        if (total < (cost[at] ?? Infinity)) {
          cost[at] = total;
          from[at] = j;
          lastEnd[at] = a.end;
        }
      }
    }
  }
  return backtrack(band, n, m, atoms);
}

/** Cells kept in all (16 bytes each): about 24 MB, whatever the song (issue 14). */
const MAX_CELLS = 1_500_000;
/** Narrowest band, in atoms, so a short song is never cut. */
const MIN_BAND = 300;

/**
 * The table kept to a band of columns around where each word is expected (its share of the voiced
 * time so far), so memory is linear in the words: whole rows when the song is small enough, else
 * MAX_CELLS / words columns. A path that leaves the band is not found (placeWords then returns
 * undefined and the caller shares the time out evenly).
 */
class Band {
  readonly width: number;
  readonly cost: Float64Array;
  readonly from: Int32Array;
  readonly lastEnd: Int32Array;
  private readonly centres: Float64Array;

  constructor(
    private readonly m: number,
    expected: readonly number[],
  ) {
    const n = expected.length;
    this.width = Math.min(m + 1, Math.max(MIN_BAND, Math.floor(MAX_CELLS / (n + 1))));
    const total = expected.reduce((sum, e) => sum + e, 0) || 1;
    this.centres = new Float64Array(n + 2);
    let before = 0;
    for (let i = 0; i <= n + 1; i++) {
      this.centres[i] = (m * Math.min(before, total)) / total;
      before += expected[i] ?? 0;
    }
    const cells = (n + 1) * this.width;
    this.cost = new Float64Array(cells).fill(Infinity);
    this.from = new Int32Array(cells).fill(-1);
    this.lastEnd = new Int32Array(cells).fill(-1);
  }

  /** First column kept in row i. */
  low(i: number): number {
    if (this.width >= this.m + 1) return 0;
    const centre = Math.round(this.centres[i] ?? this.m);
    return Math.max(0, Math.min(this.m + 1 - this.width, centre - (this.width >> 1)));
  }

  /** Index of cell (i, j), or -1 when it lies outside the band. */
  at(i: number, j: number): number {
    const lo = this.low(i);
    return j < lo || j >= lo + this.width || i * this.width >= this.cost.length
      ? -1
      : i * this.width + j - lo;
  }
}

function backtrack(band: Band, n: number, m: number, atoms: Atom[]): Span[] | undefined {
  const spans = new Array<Span>(n);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const cell = band.at(i, j);
    const back = cell < 0 ? -1 : (band.from[cell] ?? -1);
    if (back === -2) j--;
    else if (back >= 0) {
      spans[i - 1] = { start: atoms[back]?.start ?? 0, end: atoms[j - 1]?.end ?? 0 };
      i--;
      j = back;
    } else return undefined;
  }
  return spans;
}
