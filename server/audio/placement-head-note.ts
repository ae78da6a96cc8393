/**
 * A line's first word placed before the note it is sung on (issue 22, sync-es3): "wir leben" was
 * placed with "wir" on a blip of the stem 0.7 s before the line's note and "leben" at that note's
 * start, where "wir" is sung; "dann ist die zeit" with "dann" on silence. The recogniser took the
 * note's start for the second word and left the first one to whatever came before.
 *
 * The rule: the line's second word starts at (within `nearSeconds`) or inside a voiced stretch of
 * the stem at least `noteSeconds` long that begins after `pauseSeconds` or more without voice,
 * `minAheadSeconds` to `maxAheadSeconds` after the first word's start, and no stretch that long lies
 * under the first word (it sits on silence or blips). The first word then starts with that note and
 * lasts at least its nominal length (`nominalPerPhone` a phone, at least `nominalMinSeconds`); the
 * second starts after it. Tried first: the head lies on blips or silence and its own note (`ownNote`)
 * comes right before the second word; the head then takes that note up to the second word.
 */
import { pauseBefore, type Stretch, type TimedWord } from './line-heads';

export const headNoteRules = {
  nearSeconds: 0.1,
  noteSeconds: 0.3,
  pauseSeconds: 0.25,
  minAheadSeconds: 0.3,
  maxAheadSeconds: 1,
  nominalPerPhone: 0.07,
  nominalMinSeconds: 0.15,
  /** The second word keeps at least this long. */
  keptSeconds: 0.1,
  /** Or the head's own note before the second word: at least this long... */
  ownNoteSeconds: 0.2,
  /** ...begun after at least this long without voice, ending at most this long before word 2. */
  ownPauseSeconds: 0.1,
  ownJoinSeconds: 0.1,
  /** The head must lie on blips (stretches shorter than this) or silence... */
  blipSeconds: 0.15,
  /** ...and not start one (within this of its start). */
  onsetSeconds: 0.05,
};

/** The line heads moved onto the note their line starts with; `moved` marks the words moved. */
export function repairHeadsBeforeNote(
  words: TimedWord[],
  moved: boolean[],
  stretches: readonly Stretch[],
): number {
  const r = headNoteRules;
  let count = 0;
  for (let k = 0; k + 1 < words.length; k++) {
    const [head, second] = [words[k]!, words[k + 1]!];
    if (words[k - 1]?.line === head.line || second.line !== head.line) continue;
    const own = ownNote(head, second, stretches);
    if (own) {
      head.start = own.start;
      head.end = second.start;
      moved[k] = true;
      count++;
      continue;
    }
    const note = lineNote(head, second, stretches);
    if (!note) continue;
    const nominal = Math.max(r.nominalMinSeconds, head.phones * r.nominalPerPhone);
    const secondStart = Math.min(
      Math.max(second.start, note.start + nominal),
      second.end - r.keptSeconds,
    );
    if (secondStart <= note.start) continue;
    head.start = note.start;
    head.end = secondStart;
    moved[k] = true;
    if (second.start !== secondStart) moved[k + 1] = true;
    second.start = secondStart;
    count++;
  }
  return count;
}

/** The note the line's second word starts, begun after a pause and ahead of a head not on a note. */
function lineNote(head: TimedWord, second: TimedWord, stretches: readonly Stretch[]) {
  const r = headNoteRules;
  const long = (s: Stretch) => s.end - s.start >= r.noteSeconds;
  const i = stretches.findIndex(
    (s) =>
      Math.abs(s.start - second.start) <= r.nearSeconds ||
      (s.start <= second.start && s.end > second.start),
  );
  const note = stretches[i];
  if (!note || !long(note)) return undefined;
  if (pauseBefore(stretches, i) < r.pauseSeconds) return undefined;
  const ahead = note.start - head.start;
  if (ahead < r.minAheadSeconds || ahead > r.maxAheadSeconds) return undefined;
  const onNote = stretches.some((s) => long(s) && s.end > head.start && s.start < head.end);
  return onNote ? undefined : note;
}

/**
 * The head's own note: a stretch of `ownNoteSeconds` or more between the head (on silence or
 * blips under `blipSeconds`, not at a blip's start) and the second word, begun after
 * `ownPauseSeconds` without voice, `minAheadSeconds` to `maxAheadSeconds` after the head's start,
 * `keptSeconds` before the second word's and ending `ownJoinSeconds` or less before it (the line
 * sung on from it). The demo's "The evening": "The" on a plucked blip 0.75 s before its note.
 */
function ownNote(head: TimedWord, second: TimedWord, stretches: readonly Stretch[]) {
  const r = headNoteRules;
  const under = stretches.filter((s) => s.end > head.start && s.start < head.end);
  // The head lies on blips or silence, and does not start one (a word starting a stretch begins it).
  if (under.some((s) => s.end - s.start >= r.blipSeconds || head.start - s.start < r.onsetSeconds))
    return undefined;
  return stretches.find(
    (s, i) =>
      s.start >= head.end &&
      s.end - s.start >= r.ownNoteSeconds &&
      pauseBefore(stretches, i) >= r.ownPauseSeconds &&
      s.start - head.start >= r.minAheadSeconds &&
      s.start - head.start <= r.maxAheadSeconds &&
      s.start <= second.start - r.keptSeconds &&
      s.end >= second.start - r.ownJoinSeconds,
  );
}
