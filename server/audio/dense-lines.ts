import type { TimedWord } from './line-heads';
import { singingRate } from './passage-overlong';

/**
 * Lines the search crammed (issue 22, "a line far from what its syllables need"): the garbage loop
 * before a line can outbid its first words, and the line is then squeezed into the last second or
 * two of where it is sung, its words a few frames each. Such a line, with voice before it and no
 * words there, is searched again alone, without the loop, from the line before it (capped near it)
 * to its end, and its new place is kept when it
 * is at the song's own pace; nothing else moves. So is a line whose first word holds far beyond its
 * phones with the rest of the line pushed after it (`heldHeadSeconds`), or a long pause inside
 * it pushing its end against the next line (`pausedTailSeconds`).
 */
export const denseRules = {
  /** A line is crammed below this share of the time its phones take at the song's pace. */
  crammedShare: 0.4,
  /** Only lines of this many words or more (a short line's pace says little). */
  minWords: 3,
  /** The search reaches this many times the line's expected length away from it, at most. */
  reach: 2,
  /** The new place is kept when the line then takes at least this share of its expected time... */
  keptShare: 0.6,
  /** ...and no more than this many times it (words smeared over a break are not better). */
  keptMax: 2.5,
  /** Lines that set the pace: at least this many (else nothing is searched again). */
  paceLines: 4,
  /**
   * The recogniser CPU these searches may take when the sync's budget is spent, per second of song
   * (a line's window is a few seconds: a search of it costs a fraction of that).
   */
  cpuShare: 0.03,
  /** The window ends this long after the line's last word (or at the next line). */
  endSlack: 0.5,
  /**
   * The time it lacks must have been sung before it: the stem is voiced, with no words, for at least
   * this share of that time between the line before and it (inside its window).
   */
  voicedShare: 0.5,
  /**
   * A line whose first word holds at least this many seconds and this many times what its phones
   * take at the song's pace (a long note taken for a short word, the rest of the line pushed late:
   * the chiptune song's "Can~~ you take me home", 2.6 s late) is searched again alone between the
   * lines around it; kept only when its first word is then no longer held so (a first word really
   * held, "I~~~ have been", is found held again and stays).
   */
  heldHeadSeconds: 1,
  heldHeadFactor: 4,
  /**
   * The new place is refused when a word before the last (with the pause after it) holds this many
   * times its phones (and `heldHeadSeconds`): stricter than the trigger, so the hold moved onto
   * another word is seen whatever the trigger's factor.
   */
  heldAgainFactor: 3,
  /**
   * So is a line with a pause of at least this many seconds between two of its words whose end is
   * pushed against the next line (`pausedTailNext`): the loop took the voice inside it and its last
   * words went late (the chiptune song's intro line "like the un-walk~ ... on earth", 1.4 s of
   * pause, 1.8-2.8 s late). A pause really sung is found again (`heldAgainFactor`) and stays.
   */
  pausedTailSeconds: 1,
  /** ...when the line then ends within this many seconds of the next line's start. */
  pausedTailNext: 0.5,
};

/** The share of [from, to) seconds where the vocal stem is voiced. */
export type Voiced = (from: number, to: number) => number;

/** One line of placed words: its words (indices), its span and its phones. */
export interface LineSpan {
  line: number;
  first: number;
  last: number;
  start: number;
  end: number;
  phones: number;
}

/** A crammed line (or one with a held head) and the window it is searched again in (seconds). */
export interface DenseLine extends LineSpan {
  from: number;
  to: number;
  /** 'crammed': too short for its phones; 'held': its first word holds far beyond its phones. */
  kind: 'crammed' | 'held';
}

/** Searches `count` words from `first` alone in [from, to): their spans, or undefined (no path). */
export type LineSearch = (
  first: number,
  count: number,
  from: number,
  to: number,
) => Promise<{ start: number; end: number }[] | undefined>;

/** The placed words' lines, in order. */
export function lineSpans(words: readonly TimedWord[]): LineSpan[] {
  const spans: LineSpan[] = [];
  words.forEach((w, k) => {
    const last = spans.at(-1);
    if (last && last.line === w.line) {
      last.last = k;
      last.end = Math.max(last.end, w.end);
      last.phones += w.phones;
    } else {
      spans.push({ line: w.line, first: k, last: k, start: w.start, end: w.end, phones: w.phones });
    }
  });
  return spans;
}

/** The song's pace: its singing rate (passage-overlong.ts) over its lines of `minWords` words or more. */
export function songPace(
  words: readonly TimedWord[],
  spans: readonly LineSpan[],
): number | undefined {
  const rate = singingRate(words, spans, {
    minWords: denseRules.minWords,
    minLines: denseRules.paceLines,
  });
  return Number.isNaN(rate) ? undefined : rate;
}

/** The crammed lines with room beside them, each with its window. */
export function denseLines(
  spans: readonly LineSpan[],
  pace: number,
  duration: number,
  voiced: Voiced,
): DenseLine[] {
  const r = denseRules;
  const out: DenseLine[] = [];
  spans.forEach((s, i) => {
    if (s.last - s.first + 1 < r.minWords) return;
    const expected = s.phones * pace;
    if (s.end - s.start >= r.crammedShare * expected) return;
    const from = Math.max(spans[i - 1]?.end ?? 0, s.end - (1 + r.reach) * expected);
    // Its end is where the search found it (the loop stands before a line, not after it).
    const to = Math.min(spans[i + 1]?.start ?? duration, s.end + r.endSlack);
    // No room to un-cram: the line's neighbours hold it where it is.
    if (to - from < r.keptShare * expected) return;
    // No voice before it, that its first words could have been sung on.
    const lacks = expected - (s.end - s.start);
    const before = s.start > from ? voiced(from, s.start) * (s.start - from) : 0;
    if (process.env.SYNC_DEBUG)
      console.error(
        `[dense] L${s.line} lacks ${lacks.toFixed(2)} s, voiced before ${before.toFixed(2)}`,
      );
    if (before < r.voicedShare * lacks) return;
    out.push({ ...s, from, to, kind: 'crammed' });
  });
  return out;
}

/** Whether a word (`head`) holds far beyond what its phones take at `pace` (`factor` times). */
function heldHead(
  head: TimedWord | undefined,
  pace: number,
  factor = denseRules.heldHeadFactor,
): boolean {
  if (!head) return false;
  const held = head.end - head.start;
  return held >= denseRules.heldHeadSeconds && held >= factor * head.phones * pace;
}

/**
 * Whether a line (`s`) pauses `pausedTailSeconds` or more between two of its words and ends within
 * `pausedTailNext` of the next line's start (`next`): its last words pushed late against it.
 */
function pausedTail(words: readonly TimedWord[], s: LineSpan, next: number): boolean {
  if (next - s.end > denseRules.pausedTailNext) return false;
  for (let k = s.first; k < s.last; k++) {
    const gap = (words[k + 1]?.start ?? 0) - (words[k]?.end ?? Infinity);
    if (gap >= denseRules.pausedTailSeconds) return true;
  }
  return false;
}

/**
 * The lines of `minWords` words or more whose first word holds far beyond its phones
 * (`heldHeadSeconds`, `heldHeadFactor`) or with a long pause pushing their end against the next
 * line (`pausedTail`), each with its window: from the line before's end to the next line's start.
 */
export function heldHeadLines(
  words: readonly TimedWord[],
  spans: readonly LineSpan[],
  pace: number,
  duration: number,
): DenseLine[] {
  return spans.flatMap((s, i) => {
    if (s.last - s.first + 1 < denseRules.minWords) return [];
    const next = spans[i + 1]?.start ?? duration;
    if (!heldHead(words[s.first], pace) && !pausedTail(words, s, next)) return [];
    // As far from it as a crammed line's window reaches, within the lines around it.
    const expected = s.phones * pace;
    const from = Math.max(spans[i - 1]?.end ?? 0, s.start - (1 + denseRules.reach) * expected);
    const to = Math.min(next, s.end + denseRules.endSlack);
    return [{ ...s, from, to, kind: 'held' as const }];
  });
}

/** Whether a line searched again (`found`) is kept: at the song's pace, and its head no longer held. */
function keptSearch(
  dense: DenseLine,
  found: readonly { start: number; end: number }[],
  words: readonly TimedWord[],
  pace: number,
): boolean {
  const span = (found.at(-1)?.end ?? 0) - (found[0]?.start ?? 0);
  const expected = dense.phones * pace;
  if (span < denseRules.keptShare * expected || span > denseRules.keptMax * expected) return false;
  if (dense.kind !== 'held') return true;
  // The hold gone, not moved onto another word before the last or the pause after it (a first
  // note really held, the search only shifts it: "I~~~ can't remember where~~~ I am"), and the
  // line shorter than it was.
  const heldAgain = found.some((f, k) => {
    const w = words[dense.first + k];
    const next = found[k + 1];
    if (!w || !next) return false;
    return heldHead({ ...w, start: f.start, end: next.start }, pace, denseRules.heldAgainFactor);
  });
  return span < dense.end - dense.start && !heldAgain;
}

/**
 * Searches each crammed line again and keeps the new place where it is at the song's pace. Returns
 * the words (a copy) and, per word, whether it moved.
 */
export async function researchDenseLines(
  words: readonly TimedWord[],
  search: LineSearch,
  duration: number,
  voiced: Voiced,
): Promise<{ words: TimedWord[]; moved: boolean[]; lines: number }> {
  const out = words.map((w) => ({ ...w }));
  const moved = words.map(() => false);
  const spans = lineSpans(words);
  const pace = songPace(words, spans);
  if (pace === undefined) return { words: out, moved, lines: 0 };
  if (process.env.SYNC_DEBUG)
    console.error(
      `[dense] pace ${pace.toFixed(3)}: ${spans.map((s) => `L${s.line} ${((s.end - s.start) / (s.phones * pace)).toFixed(2)}`).join(' ')}`,
    );
  let lines = 0;
  const searched = [
    ...denseLines(spans, pace, duration, voiced),
    ...heldHeadLines(words, spans, pace, duration),
  ];
  for (const dense of searched) {
    // A line once searched again (crammed and held) is not searched twice.
    if (moved[dense.first]) continue;
    const count = dense.last - dense.first + 1;
    const found = await search(dense.first, count, dense.from, dense.to);
    const kept = !!found && found.length === count && keptSearch(dense, found, words, pace);
    if (process.env.SYNC_DEBUG)
      console.error(
        `[dense] L${dense.line} ${dense.kind} ${dense.from.toFixed(2)}-${dense.to.toFixed(2)}: ${found?.map((f) => `${f.start.toFixed(2)}-${f.end.toFixed(2)}`).join(' ') ?? 'no path'}${kept ? ' (kept)' : ''}`,
      );
    if (!found || !kept) continue;
    found.forEach((f, k) => {
      const w = out[dense.first + k];
      if (!w) return;
      w.start = f.start;
      w.end = f.end;
      moved[dense.first + k] = true;
    });
    lines++;
  }
  return { words: out, moved, lines };
}

/** What the output says of the lines searched again. */
export function denseNotes(lines: number): string[] {
  return lines > 0
    ? [
        `${lines} line(s) crammed or holding their first word far too long were searched again on their own and set to the song's pace.`,
      ]
    : [];
}
