/**
 * Words after a held note placed early into it (issue 22, sync-es2): the recogniser cut a held
 * note short and gave its tail to the words after it. Two cases, each left alone unless the stem
 * agrees:
 * - Squeezed words after the held one, then a gap to the next word ("be~~ my feet": "my" in 0.08 s
 *   right after "be", then 0.7 s of voice left to the garbage loop). When a line's words run on
 *   without a pause up to a gap of `gapSeconds` or more before the next word, the stem voices that
 *   gap for `voicedShare` or more, and the run holds a word placed over `heldSeconds` or more
 *   followed only by words under `squeezedSeconds`, those words move later by half the gap's voiced
 *   time (at most `maxShiftSeconds`) and the held word keeps the time they leave.
 * - A short word between a held word (`heldBeforeSeconds`) and the next word of its line, all
 *   running on, placed over `overlongSeconds` and `overlongPerPhone` a phone ("al~~ de la belleza"):
 *   its start moves onto the last voice onset of the stem inside it (`onsetAfterSeconds` in, no
 *   later than leaves it `keptSeconds`), `leadSeconds` before it; the held
 *   word takes the time. With no such onset nothing moves.
 */
import type { Stretch, TimedWord } from './line-heads';
import { repairPulledRuns } from './placement-held-run';
import { voicedShare } from './voicing';

export const heldTailRules = {
  /** The wordless gap after the run: at least this long... */
  gapSeconds: 0.3,
  /** ...voiced by the stem for at least this share of it. */
  voicedShare: 0.5,
  /** Words closer than this run on without a pause. */
  runOnSeconds: 0.03,
  /** The held word inside the run lasts at least this long... */
  heldSeconds: 0.4,
  /** The words after it were squeezed: each under this long... */
  squeezedSeconds: 0.12,
  /** ...and move later by at most this. */
  maxShiftSeconds: 1,
  /** A short word after a held one, running on into the next: placed over at least this long... */
  overlongSeconds: 0.45,
  /** ...and this long a phone, after a held word of at least this long... */
  overlongPerPhone: 0.15,
  heldBeforeSeconds: 0.5,
  /** ...keeps its end and at least this long. */
  keptSeconds: 0.08,
  /** It moves only onto a voice onset of the stem at least this far inside it, starting this early. */
  onsetAfterSeconds: 0.15,
  leadSeconds: 0.05,
};

export interface HeldTailResult {
  words: TimedWord[];
  moved: boolean[];
  /** How many runs moved. */
  runs: number;
}

/**
 * The words packed against a held note the recogniser cut short, moved into the sung gap after them;
 * with the stem's energy (`db`, per FRAME_SECONDS), also a line's last words pulled into a held
 * note (`repairPulledRuns`).
 */
export function repairHeldTails(
  placed: readonly TimedWord[],
  stretches: readonly Stretch[],
  db?: Float64Array,
): HeldTailResult {
  const r = heldTailRules;
  const words = placed.map((w) => ({ ...w }));
  const moved = words.map(() => false);
  const share = voicedShare(stretches);
  let runs = 0;
  for (let m = 0; m + 1 < words.length; m++) {
    const last = words[m]!;
    const next = words[m + 1]!;
    const gap = next.start - last.end;
    if (gap < r.gapSeconds) continue;
    const voiced = share(last.end, next.start);
    if (voiced < r.voicedShare) continue;
    const held = heldWord(words, m);
    if (held < 0 || !squeezedAfter(words, held, m)) continue;
    const shift = Math.min(r.maxShiftSeconds, (voiced * gap) / 2);
    for (let k = held + 1; k <= m; k++) {
      words[k]!.start += shift;
      words[k]!.end += shift;
      moved[k] = true;
    }
    words[held]!.end += shift;
    runs++;
  }
  runs += trimOverlong(words, moved, stretches);
  if (db) runs += repairPulledRuns(words, moved, stretches, db);
  return { words, moved, runs };
}

/** The longest word per phone (at least `heldSeconds`) of the run ending at `m`, before `m`. */
function heldWord(words: readonly TimedWord[], m: number): number {
  const r = heldTailRules;
  let best = -1;
  let bestRate = 0;
  for (let k = m - 1; k >= 0; k--) {
    const w = words[k]!;
    const after = words[k + 1]!;
    if (w.line !== after.line || after.start - w.end > r.runOnSeconds) break;
    const seconds = w.end - w.start;
    const rate = seconds / Math.max(1, w.phones);
    if (seconds >= r.heldSeconds && rate > bestRate) [best, bestRate] = [k, rate];
  }
  return best;
}

/** Every word after the held one up to `m` squeezed into a few frames. */
function squeezedAfter(words: readonly TimedWord[], held: number, m: number): boolean {
  for (let k = held + 1; k <= m; k++) {
    const w = words[k]!;
    if (w.end - w.start >= heldTailRules.squeezedSeconds) return false;
  }
  return true;
}

/**
 * A short word between a held word and the next one of its line, all running on, placed far
 * longer than its phones need: the held note's tail was given to it. It keeps its end and a
 * nominal length; the held word takes the rest.
 */
function trimOverlong(words: TimedWord[], moved: boolean[], stretches: readonly Stretch[]): number {
  const r = heldTailRules;
  let count = 0;
  for (let k = 1; k + 1 < words.length; k++) {
    const [before, w, after] = [words[k - 1]!, words[k]!, words[k + 1]!];
    if (before.line !== w.line || after.line !== w.line) continue;
    if (w.start - before.end > r.runOnSeconds || after.start - w.end > r.runOnSeconds) continue;
    const seconds = w.end - w.start;
    const phones = Math.max(1, w.phones);
    if (seconds < r.overlongSeconds || seconds < r.overlongPerPhone * phones) continue;
    if (before.end - before.start < r.heldBeforeSeconds) continue;
    const latest = w.end - r.keptSeconds;
    const onset = stretches.findLast(
      (s) => s.start > w.start + r.onsetAfterSeconds && s.start <= latest + r.leadSeconds,
    );
    if (!onset) continue;
    const start = Math.min(latest, onset.start - r.leadSeconds);
    before.end += start - w.start;
    w.start = start;
    moved[k] = true;
    count++;
  }
  return count;
}
