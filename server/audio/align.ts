import type { AlignmentItem } from '../../src/contract';
import type { Atom } from './atoms';
import { splitIntoAtoms } from './atoms';
import type { PcmAudio } from './pcm';
import { pcmDuration } from './pcm';
import { estimateSyllables } from './syllables';
import { energyEnvelope, FRAME_SECONDS, voicedRegions } from './voicing';

export const ALIGNER_MODEL = 'local-energy-aligner';

export class EmptyLyricsError extends Error {
  override name = 'EmptyLyricsError';
}

export interface LyricWord {
  line: number;
  word: number;
  text: string;
  syllables: number;
  lineStart: boolean;
}

/** Lines from line breaks (blank lines skipped), words from whitespace; indices from 0. */
export function tokenizeLyrics(lyrics: string): LyricWord[] {
  const lines = lyrics
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
  return lines.flatMap((words, line) =>
    words.map((text, word) => ({
      line,
      word,
      text,
      syllables: estimateSyllables(text),
      lineStart: word === 0,
    })),
  );
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
  /** Per second of voicing left out of every word (bleed, breaths). */
  skip: 6,
  maxWordSeconds: 4,
};

/**
 * Places the lyrics on the voiced stretches of the vocal stem: a dynamic programme gives every word a
 * run of consecutive "atoms" (voicing cut at energy valleys and every `atomSeconds`), so that each word
 * lasts about its share of the voiced time in proportion to its syllables, words start after silences,
 * lines start after longer silences, and stray voicing may be left out at a cost.
 */
export function alignLyrics(vocals: PcmAudio, lyrics: string): AlignmentItem[] {
  const words = tokenizeLyrics(lyrics);
  if (words.length === 0) throw new EmptyLyricsError('lyrics are needed to sync');
  const duration = pcmDuration(vocals);
  if (!(duration > 0))
    throw new Error('the audio is empty: there is nothing to sync the lyrics to');
  const env = energyEnvelope(vocals);
  const regions = voicedRegions(env);
  const frames = env.db.length;
  let atoms = splitIntoAtoms(
    env,
    regions.length ? regions : [{ start: 0, end: frames }],
    atomFrames(),
  );
  if (atoms.length < words.length) {
    // Too little voicing for one atom per word: cut finer, down to single frames.
    const voiced = atoms.reduce((sum, a) => sum + a.end - a.start, 0);
    atoms = splitIntoAtoms(env, regions, Math.max(1, Math.floor(voiced / words.length)));
  }
  const spans = atoms.length >= words.length ? placeWords(words, atoms) : undefined;
  const seconds = (frame: number) => Math.min(duration, frame * FRAME_SECONDS);
  return words.map((w, i) => {
    const span = spans?.[i] ?? evenSpan(words, i, duration);
    const start = seconds(span.start);
    const end = Math.max(seconds(span.end), Math.min(duration, start + 0.001));
    return {
      line: w.line,
      word: w.word,
      subword: 0,
      start: round(start),
      end: round(end),
      text: w.text,
    };
  });
}

function atomFrames(): number {
  return Math.max(1, Math.round(alignCosts.atomSeconds / FRAME_SECONDS));
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** Fallback with no usable voicing: the whole duration shared out by syllables (in frames of 1 s / FRAME). */
function evenSpan(words: LyricWord[], i: number, duration: number): { start: number; end: number } {
  const total = words.reduce((sum, w) => sum + w.syllables, 0);
  const before = words.slice(0, i).reduce((sum, w) => sum + w.syllables, 0);
  const scale = duration / FRAME_SECONDS / total;
  return { start: before * scale, end: (before + (words[i]?.syllables ?? 1)) * scale };
}

function boundaryCost(word: LyricWord, atom: Atom): number {
  const c = alignCosts;
  const gap = atom.gapBefore * FRAME_SECONDS;
  if (word.lineStart) return c.lineStart * Math.max(0, 1 - gap / c.lineGapSeconds);
  if (atom.gapBefore > 0) return c.longGap * Math.max(0, gap - c.longGapSeconds);
  return c.joinStart - c.valleyBonus * Math.min(1, atom.dipBefore / 8);
}

/** The dynamic programme; returns each word's [start, end) in frames. */
function placeWords(
  words: LyricWord[],
  atoms: Atom[],
): { start: number; end: number }[] | undefined {
  const c = alignCosts;
  const n = words.length;
  const m = atoms.length;
  const lengths = atoms.map((a) => (a.end - a.start) * FRAME_SECONDS);
  const voiced = lengths.reduce((sum, l) => sum + l, 0);
  const syllables = words.reduce((sum, w) => sum + w.syllables + c.wordBaseSyllables, 0);
  const expected = words.map((w) => (voiced * (w.syllables + c.wordBaseSyllables)) / syllables);
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width).fill(Infinity);
  const from = new Int32Array((n + 1) * width).fill(-1);
  cost[0] = 0;
  for (let i = 0; i <= n; i++) {
    const word = words[i];
    for (let j = 0; j <= m; j++) {
      const here = cost[i * width + j] ?? Infinity;
      if (here === Infinity) continue;
      const atom = atoms[j];
      if (!atom) continue;
      const skipped = here + c.skip * (lengths[j] ?? 0);
      if (skipped < (cost[i * width + j + 1] ?? Infinity)) {
        cost[i * width + j + 1] = skipped;
        from[i * width + j + 1] = -2;
      }
      if (!word) continue;
      const start = here + (i === 0 ? 0 : boundaryCost(word, atom));
      const want = expected[i] ?? 1;
      let length = 0;
      let innerGap = 0;
      for (let k = j; k < m; k++) {
        const a = atoms[k];
        if (!a) break;
        if (k > j) innerGap += a.gapBefore * FRAME_SECONDS;
        if ((a.end - atom.start) * FRAME_SECONDS > c.maxWordSeconds && k > j) break;
        length += lengths[k] ?? 0;
        const total = start + c.duration * Math.log(length / want) ** 2 + c.innerGap * innerGap;
        const at = (i + 1) * width + k + 1;
        if (total < (cost[at] ?? Infinity)) {
          cost[at] = total;
          from[at] = j;
        }
      }
    }
  }
  if ((cost[n * width + m] ?? Infinity) === Infinity) return undefined;
  const spans: { start: number; end: number }[] = new Array<{ start: number; end: number }>(n);
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
