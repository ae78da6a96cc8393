import type { AlignmentItem } from '../../src/contract';
import { alignCosts, placeWords } from './align-dp';
import { splitIntoAtoms } from './atoms';
import type { PcmAudio } from './pcm';
import { pcmDuration } from './pcm';
import { estimateSyllables } from './syllables';
import { energyEnvelope, FRAME_SECONDS, tightenSpan, voicedRegions } from './voicing';

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
  const found = voicedRegions(env);
  const regions = found.length ? found : [{ start: 0, end: env.db.length }];
  let atoms = splitIntoAtoms(env, regions, atomFrames());
  if (atoms.length < words.length) {
    // Too little voicing for one atom per word: cut finer, down to single frames.
    const voiced = atoms.reduce((sum, a) => sum + a.end - a.start, 0);
    atoms = splitIntoAtoms(env, regions, Math.max(1, Math.floor(voiced / words.length)));
  }
  const spans = placeWords(words, atoms);
  const seconds = (frame: number) => Math.min(duration, frame * FRAME_SECONDS);
  return words.map((w, i) => {
    const placed = spans?.[i];
    const span = placed ? tightenSpan(env.db, placed) : evenSpan(words, i, duration);
    const start = seconds(span.start);
    const end = Math.max(seconds(span.end), Math.min(duration, start + 0.001));
    return wordItem(w, start, end);
  });
}

/** A lyric word placed from start to end (seconds, kept to the millisecond), as one item. */
export function wordItem(w: LyricWord, start: number, end: number): AlignmentItem {
  return {
    line: w.line,
    word: w.word,
    subword: 0,
    start: round(start),
    end: round(end),
    text: w.text,
  };
}

function atomFrames(): number {
  return Math.max(1, Math.round(alignCosts.atomSeconds / FRAME_SECONDS));
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** Fallback with too few atoms: the whole duration shared out by syllables (in frames). */
function evenSpan(words: LyricWord[], i: number, duration: number): { start: number; end: number } {
  const total = words.reduce((sum, w) => sum + w.syllables, 0);
  const before = words.slice(0, i).reduce((sum, w) => sum + w.syllables, 0);
  const scale = duration / FRAME_SECONDS / total;
  return { start: before * scale, end: (before + (words[i]?.syllables ?? 1)) * scale };
}
