/**
 * Lines of held vowels ("ooh ooh ooh ooh", one long note each) placed on the notes of the mix's
 * side channel (issue 22, part 1). A vocalise sung wide in the stereo field (backing voices, a
 * double-tracked or reverberant "ooh") is lost by the centre-mask stem, and the recogniser, which
 * cannot time held vowels anyway, puts such a line seconds off (the Spanish "ooh" line, four notes
 * of about 6 s at 96-128 s: placed 2-14 s late, words squeezed together). Its notes show in the
 * side (left minus right) as long sustained stretches of level, where a plucked or strummed
 * instrument decays within a second or is cut by each stroke. So, for a line of held vowels with a
 * long window between its neighbours: the side's phrases (stretches joined over short gaps) lasting
 * `heldSeconds` or more, starting inside the window after a pause, are the candidate notes; with at
 * least one per word, the words take the notes, in order, that lie nearest to where the recogniser
 * put them (dynamic programming over the ordered choices). Otherwise nothing moves: a mono mix, a
 * side without level, fewer long notes than words, or a line whose span the stem already voices
 * (the recogniser found its notes there).
 */
import type { Stretch, TimedWord } from './line-heads';
import { isHeldVowel } from './passage-overlong';
import type { PcmAudio } from './pcm';
import { pcmLength } from './pcm';
import { energyEnvelope, FRAME_SECONDS, voicingMeasure } from './voicing';

export const heldNoteRules = {
  /** A held note on the side: a voiced region (loud and periodic) lasting at least this. */
  heldSeconds: 2.5,
  /** A line of held vowels has at least this many words (a choice of notes needs several)... */
  minWords: 2,
  /** ...and its window between its neighbours at least this long per word. */
  windowPerWord: 3,
  /** The stem voices the line's span under this share (else the recogniser found its notes). */
  stemVoicedShare: 0.5,
  /** The side's loud level is at most this far below the mix's (else there is no side to speak of). */
  sideBelowMixDb: 20,
  /** A note may run this far into the next line's start (a release), no further. */
  overrunSeconds: 0.5,
  /** Margin kept after the previous line's end and before the next line's start. */
  marginSeconds: 0.05,
};

/** A line of held vowels that may be placed on the side's notes, and its window. */
export interface HeldLine {
  first: number;
  last: number;
  from: number;
  to: number;
}

/** Lines of held vowels (every word one), of `minWords` or more, with a long window between their neighbours. */
export function heldLines(
  words: readonly TimedWord[],
  texts: readonly string[],
  duration: number,
  stemVoiced: (from: number, to: number) => number,
): HeldLine[] {
  const r = heldNoteRules;
  const out: HeldLine[] = [];
  let first = 0;
  while (first < words.length) {
    let last = first;
    while (last + 1 < words.length && words[last + 1]!.line === words[first]!.line) last++;
    const count = last - first + 1;
    const held = texts.slice(first, last + 1).every((t) => isHeldVowel(t));
    const from = (words[first - 1]?.end ?? 0) + r.marginSeconds;
    const to = (words[last + 1]?.start ?? duration) - r.marginSeconds;
    const start = words[first]!.start;
    const end = words[last]!.end;
    if (
      held &&
      count >= r.minWords &&
      to - from >= count * r.windowPerWord &&
      stemVoiced(start, end) < r.stemVoicedShare
    ) {
      out.push({ first, last, from, to });
    }
    first = last + 1;
  }
  return out;
}

/**
 * The side channel's long notes (phrases of `heldSeconds` or more, seconds), or none when the mix
 * is not stereo or its side is far below its mid.
 */
export function sideHeldNotes(mix: PcmAudio): Stretch[] {
  const r = heldNoteRules;
  const [left, right] = mix.channels;
  if (!left || !right) return [];
  const length = pcmLength(mix);
  const side = new Float32Array(length);
  for (let i = 0; i < length; i++) side[i] = (left[i]! - right[i]!) / 2;
  const rate = mix.sampleRate;
  const sideEnv = energyEnvelope({ sampleRate: rate, channels: [side] });
  // The mix's level is its mid's: the envelope averages the channels.
  const midEnv = energyEnvelope({ sampleRate: rate, channels: [left, right] });
  if (sideEnv.loud < midEnv.loud - r.sideBelowMixDb) return [];
  // Voiced (loud and periodic) regions of the side (gaps under 0.12 s closed).
  return voicingMeasure({ sampleRate: rate, channels: [side] })
    .regions.map((g) => ({ start: g.start * FRAME_SECONDS, end: g.end * FRAME_SECONDS }))
    .filter((p) => p.end - p.start >= r.heldSeconds);
}

/**
 * For each word (its start), one of `notes` in order, the choice whose starts lie nearest to the
 * words' (least total distance); undefined with fewer notes than words.
 */
export function nearestNotes(starts: readonly number[], notes: readonly Stretch[]) {
  const n = starts.length;
  const m = notes.length;
  if (m < n || n === 0) return undefined;
  // cost[j][i]: words j.. with word j on note i (i increasing).
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Infinity));
  cost[n]!.fill(0);
  const pick = Array.from({ length: n }, () => new Int32Array(m).fill(-1));
  for (let j = n - 1; j >= 0; j--) {
    // best[i]: the cheapest choice for words j+1.. on notes after i.
    let best = Infinity;
    let bestAt = -1;
    for (let i = m - 1; i >= 0; i--) {
      const here = Math.abs(notes[i]!.start - starts[j]!) + best;
      if (j === n - 1) cost[j]![i] = Math.abs(notes[i]!.start - starts[j]!);
      else if (here < Infinity) {
        cost[j]![i] = here;
        pick[j]![i] = bestAt;
      }
      if (j + 1 < n && cost[j + 1]![i]! < best) {
        best = cost[j + 1]![i]!;
        bestAt = i;
      }
    }
  }
  let at = -1;
  let least = Infinity;
  for (let i = 0; i < m; i++) {
    if (cost[0]![i]! < least) {
      least = cost[0]![i]!;
      at = i;
    }
  }
  if (at < 0 || least === Infinity) return undefined;
  const chosen: Stretch[] = [];
  for (let j = 0; j < n; j++) {
    chosen.push(notes[at]!);
    at = pick[j]![at]!;
  }
  return chosen;
}

export interface HeldNotesResult {
  words: TimedWord[];
  /**
   * Per word: moved by a passage repair (as given) or placed on a side note here: its confidence
   * should drop to the passage repairs'.
   */
  moved: boolean[];
  /** Lines placed on the side's notes. */
  lines: number;
}

/**
 * Lines of held vowels placed on the long notes of the mix's side channel (see the file's
 * comment), after the passage repairs (`placed`: their words and the words they moved); `song`:
 * each word's spoken form and the seconds of audio; `stemVoiced`: the share of [from, to) seconds
 * the vocal stem is voiced. The mix is loaded only when some line qualifies.
 */
export async function placeHeldVowelLines(
  placed: { words: readonly TimedWord[]; moved: readonly boolean[] },
  song: { forms: readonly string[]; duration: number },
  stemVoiced: (from: number, to: number) => number,
  { loadMix }: { loadMix?: (() => Promise<PcmAudio | undefined>) | undefined },
): Promise<HeldNotesResult> {
  const { forms: texts, duration } = song;
  const words = placed.words.map((w) => ({ ...w }));
  const result: HeldNotesResult = { words, moved: [...placed.moved], lines: 0 };
  const lines = heldLines(words, texts, duration, stemVoiced);
  if (lines.length === 0 || !loadMix) return result;
  const mix = await loadMix().catch(() => undefined);
  const notes = mix ? sideHeldNotes(mix) : [];
  for (const line of lines) {
    // Notes that start inside the window (after a pause there, not running on from before it) and
    // end before the next line (not its voice).
    const inside = notes.filter(
      (n) => n.start > line.from && n.end < line.to + heldNoteRules.overrunSeconds,
    );
    const count = line.last - line.first + 1;
    const starts = words.slice(line.first, line.last + 1).map((w) => w.start);
    const chosen = nearestNotes(starts, inside);
    if (!chosen) continue;
    for (let j = 0; j < count; j++) {
      const w = words[line.first + j]!;
      const next = chosen[j + 1]?.start ?? line.to;
      w.start = chosen[j]!.start;
      w.end = Math.min(chosen[j]!.end, next, line.to);
      result.moved[line.first + j] = true;
    }
    result.lines++;
  }
  return result;
}

/** Plain sentences for the task output about the lines placed on the side's notes. */
export function heldNotes(result: HeldNotesResult): string[] {
  return result.lines > 0
    ? [
        `${result.lines} line(s) of held vowels the vocal stem lost were placed on the long notes of the mix's side channel.`,
      ]
    : [];
}
