import type { TimedWord } from './line-heads';
import { lineSpans, songPace, type LineSearch, type LineSpan, type Voiced } from './dense-lines';

/**
 * Passages crammed beside a stretch without words (issue 22). A search whose garbage loop is cheap
 * against the voice (the word-bonus retry prices its loop low) can give a long stretch of singing to
 * the loop and cram the lines beside it into a second or two each, their words a few frames long:
 * the chiptune song's "see it in my face ... devil and demons" (19 words) in 5.5 s, 2-7 s early,
 * with 9 s of the loop after them. Such a passage is searched again on its own, closed at the lines
 * around it, with no loop (every frame is its words or silence) and the word bonus; the new place
 * is kept when it crams fewer words and no line runs far beyond its phones at the song's pace.
 * Cheap: a passage of a few lines over a few seconds costs a fraction of a second.
 */
export const gapRules = {
  /** A stretch without words this long (seconds, between lines or at either end of the song)... */
  minStretch: 3,
  /** ...and the lines that start (before it) or end (after it) within this many seconds of it... */
  reachSeconds: 12,
  /** ...at least this many words... */
  minWords: 4,
  /** ...of which at least this share is squeezed: searched again. */
  squeezedShare: 0.35,
  /**
   * ...with the lines that follow on from it without a break (the next one starting within this
   * many seconds of the one before's end): the search pushed them with it.
   */
  joinGap: 0.1,
  /** A word shorter than this is squeezed (as in squeezed-words.ts). */
  squeezedSeconds: 0.12,
  /** The new place is kept when its squeezed share is at most this times the old one... */
  keptFactor: 0.8,
  /** ...none of its lines lasts more than this many times what its phones take at the pace... */
  maxLineFactor: 3,
  /**
   * ...and it takes at least this many seconds of the stretch beside it, voiced at least this share
   * of how voiced the song's lines are (their median): a stem where a synth lead stays beside the
   * voice reads a sung stretch as voiced 0.3 where another song's reads 0.7.
   */
  minTaken: 1,
  takenVoiced: 0.5,
  /** ...and never under this share (a stem silent throughout does not vouch for anything). */
  minTakenVoiced: 0.2,
};

/** The median share of the song's placed lines' spans that the stem reads as voiced. */
export function lineVoicing(words: readonly TimedWord[], voiced: Voiced): number {
  const shares = lineSpans(words)
    .map((s) => voiced(s.start, s.end))
    .sort((a, b) => a - b);
  return shares[Math.floor((shares.length - 1) / 2)] ?? 1;
}

/**
 * Whether a line lasts far longer than its phones take at the song's `pace`
 * (`gapRules.maxLineFactor`): the words before its last one, up to the last one's start, against
 * their own phones. A line's last note may be held as long as the song likes (the chiptune song's
 * "Come a-long~~~", 0.6 s of phones held 3.6 s into the synth after it), its inner words may not. A
 * line of one word is judged on its whole span.
 */
export function overlongLine(span: LineSpan, words: readonly TimedWord[], pace: number): boolean {
  const last = words[span.last];
  const factor = gapRules.maxLineFactor * pace;
  if (!last || span.first === span.last) return span.end - span.start > factor * span.phones;
  return last.start - span.start > factor * (span.phones - last.phones);
}

/** A passage to search again: its words, on which side of its stretch without words it lies. */
export interface GapPassage {
  firstWord: number;
  lastWord: number;
  /** 'before': it ends where the stretch starts; 'after': it starts where the stretch ends. */
  side: 'before' | 'after';
}

const squeezedShareOf = (words: readonly { start: number; end: number }[]): number =>
  words.filter((w) => w.end - w.start < gapRules.squeezedSeconds).length /
  Math.max(1, words.length);

/** The passage of lines `a..b` (span indices). */
function passageOf(
  spans: readonly LineSpan[],
  a: number,
  b: number,
  side: GapPassage['side'],
): GapPassage | undefined {
  const first = spans[a];
  const last = spans[b];
  if (!first || !last || a > b) return undefined;
  return { firstWord: first.first, lastWord: last.last, side };
}

/**
 * From the line `from` (span index) outwards by `step` while `reach` holds: the far end of the run
 * of lines with the most squeezed words beyond `gapRules.squeezedShare` of its words (at least
 * `minWords` words); undefined when no run is that squeezed.
 */
function mostSqueezed(
  words: readonly TimedWord[],
  spans: readonly LineSpan[],
  from: number,
  step: 1 | -1,
  reach: (span: LineSpan) => boolean,
): number | undefined {
  const r = gapRules;
  let best: number | undefined;
  let bestExcess = 0;
  let squeezed = 0;
  let count = 0;
  for (let j = from; j >= 0 && j < spans.length; j += step) {
    const span = spans[j];
    if (!span || !reach(span)) break;
    for (let k = span.first; k <= span.last; k++) {
      const w = words[k];
      count++;
      if (w && w.end - w.start < r.squeezedSeconds) squeezed++;
    }
    const excess = squeezed - r.squeezedShare * count;
    if (count >= r.minWords && excess > bestExcess) [best, bestExcess] = [j, excess];
  }
  return best;
}

/**
 * From the far end `j` (span index) of a run, outwards by `step`: the last line reached through
 * lines that follow on without a break (`gapRules.joinGap`).
 */
export function joinedRun(
  spans: readonly LineSpan[],
  j: number | undefined,
  step: 1 | -1,
): number | undefined {
  if (j === undefined) return undefined;
  let k = j;
  for (;;) {
    const a = spans[k];
    const b = spans[k + step];
    if (!a || !b) return k;
    const gap = step < 0 ? a.start - b.end : b.start - a.end;
    if (gap > gapRules.joinGap) return k;
    k += step;
  }
}

const maybe = <T>(x: T | undefined): T[] => (x === undefined ? [] : [x]);

/**
 * The crammed passages beside stretches without words, in order (two may share words: the second
 * is searched only when the first was not moved).
 */
export function crammedPassages(words: readonly TimedWord[], duration: number): GapPassage[] {
  const r = gapRules;
  const spans = lineSpans(words);
  const found: GapPassage[] = [];
  for (let i = 0; i <= spans.length; i++) {
    const gapStart = spans[i - 1]?.end ?? 0;
    const gapEnd = spans[i]?.start ?? duration;
    if (gapEnd - gapStart < r.minStretch) continue;
    // The lines before the stretch, then those after it.
    const before = joinedRun(
      spans,
      mostSqueezed(words, spans, i - 1, -1, (s) => s.start >= gapStart - r.reachSeconds),
      -1,
    );
    const after = joinedRun(
      spans,
      mostSqueezed(words, spans, i, 1, (s) => s.end <= gapEnd + r.reachSeconds),
      1,
    );
    if (before !== undefined) found.push(...maybe(passageOf(spans, before, i - 1, 'before')));
    if (after !== undefined) found.push(...maybe(passageOf(spans, i, after, 'after')));
  }
  return found;
}

/**
 * Searches each crammed passage again (`search`) and keeps its new place where it crams fewer
 * words and keeps to the song's pace. Returns the words (a copy) and, per word, whether it moved.
 */
export async function researchCrammedPassages(
  words: readonly TimedWord[],
  search: LineSearch,
  duration: number,
  voiced: Voiced,
): Promise<{ words: TimedWord[]; moved: boolean[]; passages: number }> {
  const out = words.map((w) => ({ ...w }));
  const moved = words.map(() => false);
  const pace = songPace(words, lineSpans(words));
  if (pace === undefined) return { words: out, moved, passages: 0 };
  let passages = 0;
  const minVoiced = Math.max(
    gapRules.minTakenVoiced,
    gapRules.takenVoiced * lineVoicing(words, voiced),
  );
  if (process.env.SYNC_DEBUG)
    console.error(`[gaps] taken part voiced ${minVoiced.toFixed(2)} or more`);
  for (const p of crammedPassages(words, duration)) {
    if (moved.slice(p.firstWord, p.lastWord + 1).some(Boolean)) continue;
    const count = p.lastWord - p.firstWord + 1;
    // Between the lines around it as they are now.
    const from = out[p.firstWord - 1]?.end ?? 0;
    const to = out[p.lastWord + 1]?.start ?? duration;
    const found = await search(p.firstWord, count, from, to);
    const before = out.slice(p.firstWord, p.lastWord + 1);
    if (process.env.SYNC_DEBUG) {
      console.error(
        `[gaps] words ${p.firstWord}-${p.lastWord} ${p.side} ${from.toFixed(2)}-${to.toFixed(2)}: squeezed ${squeezedShareOf(before).toFixed(2)} -> ${found ? `${squeezedShareOf(found).toFixed(2)}, ${found[0]?.start.toFixed(2)}-${found.at(-1)?.end.toFixed(2)} (was ${before[0]?.start.toFixed(2)}-${before.at(-1)?.end.toFixed(2)})` : 'no path'}`,
      );
    }
    if (!found || found.length !== count) continue;
    if (squeezedShareOf(found) > gapRules.keptFactor * squeezedShareOf(before)) continue;
    // It takes some of the stretch beside it (else it was not crammed by it).
    const taken =
      p.side === 'before'
        ? (found.at(-1)?.end ?? 0) - (before.at(-1)?.end ?? 0)
        : (before[0]?.start ?? 0) - (found[0]?.start ?? 0);
    if (taken < gapRules.minTaken) continue;
    const takenVoiced =
      p.side === 'before'
        ? voiced(before.at(-1)?.end ?? 0, found.at(-1)?.end ?? 0)
        : voiced(found[0]?.start ?? 0, before[0]?.start ?? 0);
    if (process.env.SYNC_DEBUG)
      console.error(
        `[gaps]   takes ${taken.toFixed(2)} s, voiced ${takenVoiced.toFixed(2)}; span voiced ${voiced(before[0]?.start ?? 0, before.at(-1)?.end ?? 0).toFixed(2)} -> ${voiced(found[0]?.start ?? 0, found.at(-1)?.end ?? 0).toFixed(2)}; left ${(p.side === 'before' ? voiced(before[0]?.start ?? 0, found[0]?.start ?? 0) : voiced(found.at(-1)?.end ?? 0, before.at(-1)?.end ?? 0)).toFixed(2)}`,
      );
    if (takenVoiced < minVoiced) continue;
    const placed = found.map((f, k) => ({ ...before[k]!, start: f.start, end: f.end }));
    const overlong = lineSpans(placed).filter((s) => overlongLine(s, placed, pace));
    if (process.env.SYNC_DEBUG && overlong.length > 0) {
      console.error(
        `[gaps]   overlong: ${overlong.map((s) => `L${s.line} ${(s.end - s.start).toFixed(2)} s for ${(s.phones * pace).toFixed(2)}`).join(', ')}`,
      );
    }
    if (overlong.length > 0) continue;
    placed.forEach((w, k) => {
      out[p.firstWord + k] = w;
      moved[p.firstWord + k] = true;
    });
    passages++;
  }
  return { words: out, moved, passages };
}

/** What the output says of the passages searched again. */
export function gapNotes(passages: number): string[] {
  return passages > 0
    ? [
        `${passages} crammed passage(s) beside a long stretch without words were searched again on their own.`,
      ]
    : [];
}
