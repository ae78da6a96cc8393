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
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width).fill(Infinity);
  const from = new Int32Array((n + 1) * width).fill(-1);
  // End frame of the last word on the best path into each cell (-1: none yet).
  const lastEnd = new Int32Array((n + 1) * width).fill(-1);
  cost[0] = 0;
  for (let i = 0; i <= n; i++) {
    const word = words[i];
    for (let j = 0; j < m; j++) {
      const cell = i * width + j;
      const here = cost[cell] ?? Infinity;
      const atom = atoms[j];
      if (here === Infinity || !atom) continue;
      const skipped = here + (skipCosts[j] ?? 0);
      if (skipped < (cost[cell + 1] ?? Infinity)) {
        cost[cell + 1] = skipped;
        from[cell + 1] = -2;
        lastEnd[cell + 1] = lastEnd[cell] ?? -1;
      }
      if (!word) continue;
      const start = here + (i === 0 ? 0 : boundaryCost(word, atom, lastEnd[cell] ?? -1));
      const want = expected[i] ?? 1;
      let length = 0;
      let innerGap = 0;
      let breaks = 0;
      // A word has room for (syllables - 1) breaks (valleys, silences) inside it; more cost extra.
      const freeBreaks = Math.max(0, word.syllables - 1);
      for (let k = j; k < m; k++) {
        const a = atoms[k];
        if (!a) break;
        if (k > j) {
          innerGap += a.gapBefore * FRAME_SECONDS;
          breaks += a.gapBefore > 0 ? 1 : Math.min(1, a.dipBefore / 8);
        }
        if (k > j && (a.end - atom.start) * FRAME_SECONDS > c.maxWordSeconds) break;
        length += lengths[k] ?? 0;
        const total =
          start +
          c.duration * Math.log(length / want) ** 2 +
          c.innerGap * innerGap +
          c.extraBreak * Math.max(0, breaks - freeBreaks);
        const at = (i + 1) * width + k + 1;
        if (total < (cost[at] ?? Infinity)) {
          cost[at] = total;
          from[at] = j;
          lastEnd[at] = a.end;
        }
      }
    }
  }
  return backtrack(from, width, n, m, atoms);
}

function backtrack(
  from: Int32Array,
  width: number,
  n: number,
  m: number,
  atoms: Atom[],
): Span[] | undefined {
  const spans = new Array<Span>(n);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const back = from[i * width + j] ?? -1;
    if (back === -2) j--;
    else if (back >= 0) {
      spans[i - 1] = { start: atoms[back]?.start ?? 0, end: atoms[j - 1]?.end ?? 0 };
      i--;
      j = back;
    } else return undefined;
  }
  return spans;
}
