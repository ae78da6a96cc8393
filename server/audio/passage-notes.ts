/**
 * Sung notes in a stretch of the vocal stem, for placing words the recogniser could not time
 * (held vowels, vocalises): where a note starts (an onset) and how clearly (its strength). A note
 * starts where the voice begins after a pause, or where the level rises again after a dip (a
 * consonant or a breath). Tried and left out: pitch steps from a YIN pitch track (a new note on the
 * same vowel): on the real songs' stems the track jumped by octaves and fifths on the guitar under
 * a held note, and its "steps" outnumbered the notes.
 */
import { FRAME_SECONDS } from './voicing';

export interface Onset {
  /** Seconds. */
  time: number;
  /** How clear the onset is: about 1 for a plain one, 3 for the voice starting after a pause. */
  strength: number;
}

export const noteRules = {
  /** A level rise of at least this (dB) after a dip starts a note. */
  riseDb: 4,
  /** ...looked at over this many seconds either side. */
  riseReachSeconds: 0.12,
  /** Onsets closer than this are one (the stronger one's time is kept). */
  mergeSeconds: 0.15,
  /** A voiced stretch that starts after at least this long without voice is a fresh start... */
  pauseSeconds: 0.25,
  /** ...as strong as it is long, up to this; shorter than `blipSeconds`, no note at all. */
  noteSeconds: 0.3,
  blipSeconds: 0.15,
};

/**
 * Note onsets in [from, to) seconds: the starts of the voiced stretches there (seconds, sorted;
 * stronger after a pause and the longer the stretch, none for a blip) and level rises after dips
 * in `db` (the stem's energy per FRAME_SECONDS frame) inside them. Sorted by time.
 */
export function noteOnsets(
  db: Float64Array,
  stretches: readonly { start: number; end: number }[],
  from: number,
  to: number,
): Onset[] {
  const r = noteRules;
  const found: Onset[] = [];
  let previousEnd = -Infinity;
  for (const s of stretches) {
    if (s.end <= from || s.start >= to) {
      previousEnd = s.end;
      continue;
    }
    if (s.start >= from && s.end - s.start >= r.blipSeconds) {
      // A blip of voice is a weak onset; a note after a pause a strong one.
      const length = Math.min(1, (s.end - s.start) / r.noteSeconds);
      const strength = (s.start - previousEnd >= r.pauseSeconds ? 3 : 1.5) * length;
      found.push({ time: s.start, strength });
    }
    previousEnd = s.end;
  }
  const reach = Math.max(1, Math.round(r.riseReachSeconds / FRAME_SECONDS));
  const a = Math.max(reach, Math.ceil(from / FRAME_SECONDS));
  const b = Math.min(db.length - reach - 1, Math.floor(to / FRAME_SECONDS));
  for (let f = a; f <= b; f++) {
    const level = db[f]!;
    if (level > db[f - 1]! || level > db[f + 1]!) continue;
    let before = -Infinity;
    let after = -Infinity;
    for (let k = 1; k <= reach; k++) {
      before = Math.max(before, db[f - k]!);
      after = Math.max(after, db[f + k]!);
    }
    const rise = Math.min(before, after) - level;
    if (rise < r.riseDb) continue;
    // The onset: halfway back up after the dip, inside a voiced stretch.
    let g = f;
    while (g < f + reach && db[g]! < level + rise / 2) g++;
    const t = g * FRAME_SECONDS;
    if (!stretches.some((s) => s.start <= t && s.end > t)) continue;
    found.push({ time: t, strength: rise / 4 });
  }
  found.sort((x, y) => x.time - y.time);
  const merged: Onset[] = [];
  for (const onset of found) {
    const last = merged[merged.length - 1];
    if (last && onset.time - last.time < r.mergeSeconds) {
      if (onset.strength > last.strength) last.strength = onset.strength;
    } else merged.push({ ...onset });
  }
  return merged;
}
