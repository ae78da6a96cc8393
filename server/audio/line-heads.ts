/** A word as the recogniser placed it, in seconds, with what the repairs need to know. */
export interface TimedWord {
  line: number;
  start: number;
  end: number;
  /** Phones in its pronunciation: how words share a span they are spread over. */
  phones: number;
}

/** Voiced stretches of the vocal stem, in seconds, sorted. */
export interface Stretch {
  start: number;
  end: number;
}

/** The index of the stretch that holds time `t` (-1: `t` is unvoiced). */
export const stretchAt = (stretches: readonly Stretch[], t: number): number =>
  stretches.findIndex((s) => s.start <= t && s.end > t);

/** How long the voice was silent before stretch `i` began (Infinity for the first). */
export const pauseBefore = (stretches: readonly Stretch[], i: number): number =>
  stretches[i]!.start - (stretches[i - 1]?.end ?? -Infinity);

export const headRules = {
  /** A gap this long between two words of one line means the words before it were pulled early. */
  inLineGapSeconds: 0.5,
  /** Only the first few words of a line are looked at (a later gap is a held note or a rest). */
  headWords: 3,
  /** Longest a line's first word may last when nothing follows it closely: this per phone... */
  capPerPhone: 0.09,
  /** ...but at least this. */
  capMinSeconds: 0.3,
  /** Voiced stretches closer than this belong to one phrase. */
  joinSeconds: 0.3,
  /** Each head word takes at least this when no voicing shows where the line starts. */
  nominalPerPhone: 0.07,
  /** A first word shorter than this at the end of a voiced phrase may be its held note... */
  heldHeadSeconds: 0.2,
  /** ...when the phrase starts at least this much earlier... */
  heldMinSeconds: 0.3,
  /** ...but not more than this... */
  heldMaxSeconds: 3,
  /** ...and this long after the previous line's end (a pause before the line). */
  heldPauseSeconds: 0.15,
  /** A first word starting this close after its voiced stretch's start begins that note. */
  ownOnsetSeconds: 0.1,
  /**
   * A voiced stretch shorter than this before a held first note is a blip (bleed of a plucked or
   * struck instrument), not a sung note: the phrase is not walked back through it.
   */
  blipSeconds: 0.15,
  /** Words shorter than this after a moved held first word were squeezed with it: spread out too. */
  squeezedSeconds: 0.12,
};

/**
 * Where the phrase holding `anchor` starts: walk back through voiced stretches joined by short gaps.
 * Undefined when no stretch reaches the anchor.
 */
function phraseStart(
  stretches: readonly Stretch[],
  anchor: number,
  notBefore: number,
): number | undefined {
  let i = stretches.findIndex((s) => s.end >= anchor - headRules.joinSeconds && s.start <= anchor);
  if (i < 0) return undefined;
  let start = stretches[i]?.start ?? anchor;
  while (i > 0) {
    const previous = stretches[i - 1];
    if (!previous || start - previous.end > headRules.joinSeconds || previous.end <= notBefore)
      break;
    start = previous.start;
    i--;
  }
  return Math.max(start, notBefore);
}

/**
 * A short first word right after a voiced stretch that started well after the previous line: the
 * recogniser put the word at the end of its held note ("I~~~ have been"); it starts where the
 * voice does. The phrase is walked back over short gaps but not through blips (stretches under
 * `blipSeconds`: bleed that would join it to the previous line). When the words right after the
 * head were squeezed with it (each under `squeezedSeconds`: "I hear the" crammed into 0.2 s), they
 * are spread with it over the phrase up to their end, in proportion to their phones. Nothing moves
 * when the voice runs on from the previous line.
 */
function heldHead(
  line: TimedWord[],
  previousEnd: number,
  stretches: readonly Stretch[],
  r: typeof headRules,
): void {
  const head = line[0]!;
  let i = stretches.findIndex((s) => s.start <= head.start && s.end >= head.start - r.joinSeconds);
  if (i < 0) return;
  // A word starting with its own stretch begins its note: it is not squeezed at a note's end.
  const own = stretches[stretchAt(stretches, head.start)];
  if (own && head.start - own.start < r.ownOnsetSeconds) return;
  let last = 0;
  while (last + 1 < line.length && line[last + 1]!.end - line[last + 1]!.start < r.squeezedSeconds)
    last++;
  let start = stretches[i]!.start;
  while (i > 0) {
    const previous = stretches[i - 1]!;
    const blip = last > 0 && previous.end - previous.start < r.blipSeconds;
    if (start - previous.end > r.joinSeconds || blip) break;
    start = stretches[--i]!.start;
  }
  if (start < previousEnd + r.heldPauseSeconds) return;
  const back = head.start - start;
  if (back < r.heldMinSeconds || back > r.heldMaxSeconds) return;
  if (last === 0) head.start = start;
  else spread(line.slice(0, last + 1), start, line[last]!.end);
}

/** Spreads `words` over [start, end) in proportion to their phones. */
function spread(words: TimedWord[], start: number, end: number): void {
  const total = words.reduce((sum, w) => sum + Math.max(1, w.phones), 0);
  let at = start;
  for (const word of words) {
    const length = ((end - start) * Math.max(1, word.phones)) / total;
    word.start = at;
    word.end = at + length;
    at += length;
  }
}

/**
 * The recogniser tends to pull a line's first words into the instrumental break before it (bleed in
 * the vocal stem matches a short word well enough), leaving a gap inside the line or one overlong
 * first word. Such head words are moved later, onto the voiced phrase that leads into the first word
 * placed after the gap (or just before it, at a nominal pace, when no voicing shows), and never
 * earlier than where the recogniser put them. The other way round, a first word squeezed at the
 * end of a voiced phrase that began after a pause (a held first note, "I~~~ have") starts where
 * that phrase does (`heldHead`), unless the word starts with its own voiced stretch (its note
 * begins there). An overlong first word is cut back to the voicing before its end only when the
 * voice starts after the word does (sounding already, the word is a held note).
 */
export function repairLineHeads(
  placed: readonly TimedWord[],
  stretches: readonly Stretch[],
): TimedWord[] {
  const words = placed.map((w) => ({ ...w }));
  const r = headRules;
  let first = 0;
  while (first < words.length) {
    let last = first;
    while (last + 1 < words.length && words[last + 1]?.line === words[first]?.line) last++;
    const before = words[first - 1]?.end ?? 0;
    repairLine(words.slice(first, last + 1), before, stretches, r);
    first = last + 1;
  }
  return words;
}

function repairLine(
  line: TimedWord[],
  previousEnd: number,
  stretches: readonly Stretch[],
  r: typeof headRules,
): void {
  const head = line[0];
  if (!head) return;
  // The widest gap among the head words, when it is wider than the pause before the line (a sung
  // line pauses less inside than before it): everything before it is the misplaced head.
  let anchor = -1;
  let widest = Math.max(r.inLineGapSeconds, head.start - previousEnd);
  for (let k = 1; k < Math.min(line.length, r.headWords + 1); k++) {
    const gap = (line[k]?.start ?? 0) - (line[k - 1]?.end ?? 0);
    if (gap > widest) {
      anchor = k;
      widest = gap;
    }
  }
  const cap = Math.max(r.capMinSeconds, head.phones * r.capPerPhone);
  if (anchor < 0) {
    if (head.end - head.start < r.heldHeadSeconds) {
      heldHead(line, previousEnd, stretches, r);
      return;
    }
    // No gap: only an overlong first word, whose start is then cut back to the voicing before its end.
    if (head.end - head.start <= cap) return;
    const onset = phraseStart(stretches, head.end - 0.05, head.start);
    // The voice already sounds where the word starts: its length is a held note, not a pull.
    if (onset !== undefined && onset <= head.start) return;
    head.start = Math.max(head.start, head.end - cap, onset ?? -Infinity);
    return;
  }
  const moved = line.slice(0, anchor);
  const until = line[anchor]?.start ?? head.end;
  const nominal = moved.reduce((s, w) => s + Math.max(0.15, w.phones * r.nominalPerPhone), 0);
  const onset = phraseStart(stretches, until, head.start);
  // Sung words stretch: the moved words may fill a phrase up to about twice their cap.
  const longest = moved.reduce(
    (s, w) => s + 2 * Math.max(r.capMinSeconds, w.phones * r.capPerPhone),
    0,
  );
  let start = onset !== undefined && until - onset >= 0.1 ? onset : until - nominal;
  start = Math.max(head.start, start, until - Math.max(longest, nominal));
  spread(moved, start, until);
}
