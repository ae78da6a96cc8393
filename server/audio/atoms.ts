import type { Envelope, Region } from './voicing';

/** A short stretch of voicing; words are made of whole atoms. Times in frames, end exclusive. */
export interface Atom {
  start: number;
  end: number;
  /** Unvoiced frames between the previous atom and this one (0 inside a voiced region). */
  gapBefore: number;
  /** Inside a region: how deep (dB) the energy valley is where this atom starts (0: an even chop). */
  dipBefore: number;
  /** How far (dB) its region's loudest frame is below the stem's loud level: 0 for strong voicing. */
  weakness: number;
}

const VALLEY_REACH = 15;
const MIN_VALLEY_DB = 3;
const MIN_PIECE = 5;

/** Energy valleys inside [start, end): candidate syllable/word joins, with their depth. */
function valleys(db: Float64Array, start: number, end: number): { at: number; depth: number }[] {
  const smooth = (f: number) =>
    ((db[f - 1] ?? db[f] ?? 0) + (db[f] ?? 0) + (db[f + 1] ?? db[f] ?? 0)) / 3;
  const found: { at: number; depth: number }[] = [];
  for (let f = start + MIN_PIECE; f < end - MIN_PIECE; f++) {
    const level = smooth(f);
    if (level > smooth(f - 1) || level > smooth(f + 1)) continue;
    let before = -Infinity;
    let after = -Infinity;
    for (let g = Math.max(start, f - VALLEY_REACH); g < f; g++)
      before = Math.max(before, smooth(g));
    for (let g = f + 1; g <= Math.min(end - 1, f + VALLEY_REACH); g++)
      after = Math.max(after, smooth(g));
    const depth = Math.min(before, after) - level;
    const last = found[found.length - 1];
    if (depth < MIN_VALLEY_DB) continue;
    if (last && f - last.at < MIN_PIECE) {
      if (depth > last.depth) found[found.length - 1] = { at: f, depth };
    } else found.push({ at: f, depth });
  }
  return found;
}

/** Regions cut at energy valleys, then pieces longer than `maxFrames` cut evenly. */
export function splitIntoAtoms(env: Envelope, regions: Region[], maxFrames: number): Atom[] {
  const atoms: Atom[] = [];
  let previousEnd = -1;
  for (const region of regions) {
    const cuts = [{ at: region.start, depth: 0 }, ...valleys(env.db, region.start, region.end)];
    // Judged per region, so the quiet onset of a strong word is not taken for bleed.
    const weakness = Math.max(0, env.loud - Math.max(...env.db.subarray(region.start, region.end)));
    cuts.forEach((cut, index) => {
      const end = cuts[index + 1]?.at ?? region.end;
      const pieces = Math.max(1, Math.ceil((end - cut.at) / maxFrames));
      for (let p = 0; p < pieces; p++) {
        const a = cut.at + Math.round(((end - cut.at) * p) / pieces);
        const b = cut.at + Math.round(((end - cut.at) * (p + 1)) / pieces);
        const first = index === 0 && p === 0;
        atoms.push({
          start: a,
          end: b,
          gapBefore: first ? (previousEnd < 0 ? a : a - previousEnd) : 0,
          dipBefore: p === 0 ? cut.depth : 0,
          weakness,
        });
      }
    });
    previousEnd = region.end;
  }
  return atoms;
}
