import type { TimedWord } from './line-heads';
import { FRAME_SECONDS } from './voicing';

export const squeezeRules = {
  /** A word shorter than this is squeezed (sung words are longer). */
  squeezedSeconds: 0.12,
  /** Longer than this per phone (at least `longMinSeconds`), a word may hold its neighbour's note. */
  longPerPhone: 0.09,
  longMinSeconds: 0.3,
  /** The long word keeps at least this per phone (at least `keepMinSeconds`). */
  keepPerPhone: 0.05,
  keepMinSeconds: 0.15,
  /** A dip counts when the energy on both sides (within `dipReachSeconds`) rises this much above it. */
  dipDb: 6,
  dipReachSeconds: 0.15,
};

/**
 * The recogniser sometimes stretches a word over its neighbour's note and squeezes the neighbour into
 * a few frames beside it (a held vowel matches either word). When one of two neighbouring words of a
 * line is squeezed and the other overlong, their shared boundary moves into the long word, to the
 * deepest dip of the vocal stem's energy there (a consonant or a breath between two sung notes), if
 * one is deep enough; otherwise nothing changes. `db` is the stem's energy per FRAME_SECONDS.
 */
export function repairSqueezed(placed: readonly TimedWord[], db: Float64Array): TimedWord[] {
  const words = placed.map((w) => ({ ...w }));
  const r = squeezeRules;
  const long = (w: TimedWord) =>
    w.end - w.start > Math.max(r.longMinSeconds, w.phones * r.longPerPhone);
  const squeezed = (w: TimedWord) => w.end - w.start < r.squeezedSeconds;
  const keep = (w: TimedWord) => Math.max(r.keepMinSeconds, w.phones * r.keepPerPhone);
  for (let k = 0; k + 1 < words.length; k++) {
    const a = words[k];
    const b = words[k + 1];
    if (!a || !b || a.line !== b.line) continue;
    if (squeezed(b) && long(a)) {
      // b's start moves back into a.
      const onset = deepestDip(db, a.start + keep(a), b.start);
      if (onset !== undefined && onset < b.start)
        [a.end, b.start] = [Math.min(a.end, onset), onset];
    } else if (squeezed(a) && long(b)) {
      // a's end (and b's start) move on into b.
      const onset = deepestDip(db, b.start, b.end - keep(b));
      if (onset !== undefined && onset > b.start) [a.end, b.start] = [onset, onset];
    }
  }
  return words;
}

/**
 * Where the sound rises again after the deepest dip in [from, to) seconds: the first frame after it
 * halfway back up to the lower of the peaks around it. Undefined when no dip there is `dipDb` deep.
 */
export function deepestDip(db: Float64Array, from: number, to: number): number | undefined {
  const r = squeezeRules;
  const reach = Math.round(r.dipReachSeconds / FRAME_SECONDS);
  const first = Math.max(1, Math.ceil(from / FRAME_SECONDS));
  const last = Math.min(db.length - 2, Math.floor(to / FRAME_SECONDS));
  let best: { frame: number; depth: number; level: number } | undefined;
  for (let f = first; f <= last; f++) {
    const level = db[f] ?? 0;
    if (level > (db[f - 1] ?? 0) || level > (db[f + 1] ?? 0)) continue;
    let before = -Infinity;
    let after = -Infinity;
    for (let d = 1; d <= reach; d++) {
      before = Math.max(before, db[f - d] ?? -Infinity);
      after = Math.max(after, db[f + d] ?? -Infinity);
    }
    const depth = Math.min(before, after) - level;
    if (depth >= r.dipDb && (!best || level < best.level)) best = { frame: f, depth, level };
  }
  if (!best) return undefined;
  const halfway = best.level + best.depth / 2;
  let f = best.frame;
  while (f + 1 < db.length && (db[f] ?? 0) < halfway && f - best.frame < reach) f++;
  return f * FRAME_SECONDS;
}
