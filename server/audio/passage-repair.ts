/**
 * Passages the recogniser placed out of place, noticed and repaired locally (issue 22, part 1),
 * after the line choice and the line-head and squeeze repairs:
 *
 * - A line lying on a stretch without voice while the voiced phrase right after the previous line
 *   holds no words (a held note taken for garbage: the line was pushed to the end of the gap,
 *   against the next line): the line, with any line pushed along with it, moves onto that phrase.
 * - A line whose words are squeezed together at one end of its window while the rest of the window
 *   is voiced and holds no words (a vocalise: the recogniser cannot time held vowels): its words go
 *   onto the voiced notes of that window, one word per note, in order. So does a line that lasts
 *   under half of what its phones need at the song's singing rate (the median seconds per phone
 *   of its lines), with voice free around it.
 * - A line far longer than its phones need (`passage-overlong.ts`): its words go onto the most
 *   voiced part of its own span.
 *
 * All trust the vocal stem's voicing only when it agrees with the recogniser on the song as a
 * whole (its words lie on voice clearly more often than the song is voiced): on a stem that lost
 * the voice (a centred synth lead) nothing moves. The words moved, and the held vowels of lines
 * no repair put on notes, are flagged for a lower confidence. Notes come from `passage-notes.ts`.
 */
import type { TimedWord, Stretch } from './line-heads';
import { noteOnsets, type Onset } from './passage-notes';
import { lineSpans } from './dense-lines';
import { isHeldVowel, overlongWindow, singingRate, type LineSpan } from './passage-overlong';
import { silentHeadWindow } from './passage-silent-head';
import { wordlessTail } from './passage-tail';
import { voicedShare } from './voicing';

export interface PassageContext {
  /** The stem's energy in dB per FRAME_SECONDS frame. */
  db: Float64Array;
  /** Its voiced stretches, seconds, sorted. */
  stretches: readonly Stretch[];
  /** Seconds of audio. */
  duration: number;
  /** Each word's spoken text (vocalise words loosen the squeeze test). */
  texts?: readonly string[];
}

/** The context with the share of [from, to) seconds the stem is voiced (built once a repair). */
interface Judged extends PassageContext {
  voiced: (from: number, to: number) => number;
}

export interface PassageResult {
  words: TimedWord[];
  /**
   * Per word: a repair here moved it, or it is a held vowel of a line no repair put on notes (the
   * recogniser cannot time held vowels): its confidence should drop.
   */
  moved: boolean[];
  /** Lines moved onto a free voiced phrase, and lines spread onto notes. */
  displacedLines: number;
  squeezedLines: number;
  /** Lines far longer than their phones need, put on the most voiced part of their span. */
  overlongLines: number;
  /** Lines whose first words lay on silence before their first clear note, moved onto it. */
  silentHeadLines: number;
  /** Lines whose last word moved onto its wordless note right before the next line. */
  tailLines: number;
  /** The stem's voicing agreed with the recogniser well enough to be used. */
  trusted: boolean;
}

export const passageRules = {
  /** The words must lie on voice this much more often than the song is voiced, to trust the stem. */
  trustMargin: 0.15,
  /** A line whose span is voiced under this share lies off the voice... */
  unvoicedLineShare: 0.35,
  /**
   * ...and is moved when the first voiced phrase after the previous line (stretches closer than
   * `phraseJoinSeconds`) lasts this long without a word.
   */
  freeVoicedSeconds: 1.5,
  phraseJoinSeconds: 0.3,
  /** Bits of voice before that phrase (the previous line's tail) may add up to this. */
  fragmentSeconds: 0.5,
  /** Voiced stretches this close form one phrase. */
  joinSeconds: 1,
  /** A line moved or spread takes at most this per word (plus `spanExtraSeconds`). */
  spanPerWord: 3,
  spanExtraSeconds: 2,
  /** A line is squeezed when its words last under this on average... */
  squeezedPerWord: 0.15,
  /** ...or the line lasts under this share of what its phones need at the song's singing rate... */
  shortFactor: 0.5,
  /** ...and its window holds this much voice outside its span (at least this times the span)... */
  squeezedFreeSeconds: 1.5,
  squeezedFreeFactor: 1.5,
  /** ...or, for a line of vocalise syllables (ooh, ah, la, da...) at any pace, this times. */
  vocaliseFreeFactor: 0.75,
  /** Weight of even note lengths against clear onsets when words are put on notes. */
  evenness: 1.5,
  /** Voiced stretches shorter than this are not notes to put a squeezed line on. */
  minNoteSeconds: 0.2,
  /** Margin kept after the previous line's end and before the next line's start. */
  marginSeconds: 0.05,
};

/** Vocalise syllables in the languages sung here: held vowels the recogniser cannot time. */
const VOCALISE =
  /^(o+h*|a+h*|u+h*|e+h*|ooh+|oo+|mm+|hm+|la+|na+|da+|ba+|dam|dum|du+|di|doo+|sha|shoo|hey|yeah|ye|woah?|whoa|wo+|ay+|ey|aye|uh+|yo)$/i;

export function isVocalise(text: string): boolean {
  return VOCALISE.test(text.replace(/[^\p{L}]/gu, ''));
}

/** Voiced phrases (stretches joined over gaps under `join` seconds) clipped to [from, to). */
function phrases(
  stretches: readonly Stretch[],
  from: number,
  to: number,
  join = passageRules.joinSeconds,
): Stretch[] {
  const out: Stretch[] = [];
  for (const s of stretches) {
    const start = Math.max(from, s.start);
    const end = Math.min(to, s.end);
    if (end <= start) continue;
    const last = out[out.length - 1];
    if (last && start - last.end < join) last.end = end;
    else out.push({ start, end });
  }
  return out;
}

/**
 * The voicing is trusted when the placed words lie on voice (time-weighted) at least
 * `trustMargin` more often than the whole song is voiced.
 */
export function stemAgrees(
  words: readonly TimedWord[],
  stretches: readonly Stretch[],
  duration: number,
): boolean {
  const share = voicedShare(stretches);
  let time = 0;
  let voiced = 0;
  for (const w of words) {
    const length = w.end - w.start;
    if (!(length > 0)) continue;
    time += length;
    voiced += length * share(w.start, w.end);
  }
  if (time <= 0) return false;
  return voiced / time >= share(0, duration) + passageRules.trustMargin;
}

/**
 * Word starts for `count` words on the notes of [from, to): the first word at the first onset, the
 * others at onsets chosen by dynamic programming for clear onsets (their strength) and notes of
 * even length (`evenness` times the log of each note's length: a word per note, long notes for
 * held words), in order. With fewer onsets than words, the longer notes take more words, shared
 * evenly.
 */
export function placeOnNotes(
  onsets: readonly Onset[],
  count: number,
  from: number,
  to: number,
  voicedEnd: (t: number) => number = () => Infinity,
) {
  const inside = onsets.filter((o) => o.time > from + 0.05 && o.time < to - 0.1);
  inside.unshift({ time: from, strength: 3 });
  const m = inside.length;
  if (m >= count) {
    const t = (i: number) => (i < m ? inside[i]!.time : to);
    const note = (i: number, j: number) =>
      (inside[i]?.strength ?? 0) + passageRules.evenness * Math.log(Math.max(0.05, t(j) - t(i)));
    // best[j][i]: words j..count-1 with word j at onset i.
    const best = Array.from({ length: count }, () => new Float64Array(m).fill(-Infinity));
    const next = Array.from({ length: count }, () => new Int32Array(m).fill(-1));
    for (let i = 0; i < m; i++) best[count - 1]![i] = note(i, m);
    for (let j = count - 2; j >= 0; j--) {
      for (let i = 0; i < m; i++) {
        for (let k = i + 1; k < m; k++) {
          const value = note(i, k) + best[j + 1]![k]!;
          if (value > best[j]![i]!) {
            best[j]![i] = value;
            next[j]![i] = k;
          }
        }
      }
    }
    const starts = [from];
    let i = 0;
    for (let j = 0; j + 1 < count; j++) {
      i = next[j]![i]!;
      starts.push(t(i));
    }
    return starts;
  }
  // Fewer notes than words: each note gets at least one, the longest ones the rest.
  const notes = inside.map((o, i) => ({
    start: o.time,
    end: Math.min(inside[i + 1]?.time ?? to, Math.max(o.time + 0.1, voicedEnd(o.time))),
    n: 1,
  }));
  for (let extra = count - notes.length; extra > 0; extra--) {
    let best = notes[0]!;
    for (const note of notes) {
      if ((note.end - note.start) / (note.n + 1) > (best.end - best.start) / (best.n + 1)) {
        best = note;
      }
    }
    best.n++;
  }
  return notes.flatMap((note) =>
    Array.from({ length: note.n }, (_, j) => note.start + ((note.end - note.start) * j) / note.n),
  );
}

/** Per word: it belongs to a line of held vowels (ooh, ah, mm: half or more of its words). */
function heldVowels(words: readonly TimedWord[], texts?: readonly string[]): boolean[] {
  const flags = words.map(() => false);
  if (!texts) return flags;
  for (const { first, last } of lineSpans(words)) {
    let held = 0;
    for (let k = first; k <= last; k++) if (isHeldVowel(texts[k] ?? '')) held++;
    if (2 * held >= last - first + 1) for (let k = first; k <= last; k++) flags[k] = true;
  }
  return flags;
}

/** Notices passages out of place and repairs them locally (see the file's comment). */
export function repairPassages(placed: readonly TimedWord[], passage: PassageContext) {
  const context: Judged = { ...passage, voiced: voicedShare(passage.stretches) };
  const words = placed.map((w) => ({ ...w }));
  const moved = heldVowels(words, context.texts);
  const result: PassageResult = {
    words,
    moved,
    displacedLines: 0,
    squeezedLines: 0,
    overlongLines: 0,
    silentHeadLines: 0,
    tailLines: 0,
    trusted: stemAgrees(placed, context.stretches, context.duration),
  };
  if (!result.trusted) return result;
  const lines = lineSpans(words);
  const rate = singingRate(words, lines);
  for (let l = 0; l < lines.length; l++) {
    const displaced = displacedGroup(words, lines, l, context);
    if (displaced) {
      const { last, from, to } = displaced;
      const first = lines[l]!.first;
      spreadOnNotes(words, first, lines[last]!.last, from, to, context);
      for (let k = first; k <= lines[last]!.last; k++) moved[k] = true;
      result.displacedLines += last - l + 1;
      l = last;
      continue;
    }
    const { first, last } = lines[l]!;
    const squeezed = squeezedWindow(words, lines, l, context, rate);
    const { stretches, voiced, texts } = context;
    const overlong = squeezed
      ? undefined
      : overlongWindow(words, lines[l]!, rate, stretches, voiced, texts);
    const nextStart = l + 1 < lines.length ? words[last + 1]!.start : context.duration;
    const silentHead =
      squeezed || overlong
        ? undefined
        : silentHeadWindow(words, lines[l]!, nextStart, stretches, voiced);
    const window = squeezed ?? overlong ?? silentHead;
    const tail = window ? undefined : wordlessTail(words, lines[l]!, stretches);
    if (tail) {
      [words[last]!.start, words[last]!.end] = [tail.start, tail.end];
      moved[last] = true;
      result.tailLines++;
    }
    if (!window) continue;
    spreadOnNotes(words, first, last, window.from, window.to, context);
    for (let k = first; k <= last; k++) moved[k] = true;
    if (squeezed) result.squeezedLines++;
    else if (overlong) result.overlongLines++;
    else result.silentHeadLines++;
  }
  return result;
}

/** Where a line group displaced off the voice belongs: the free voiced phrases after the previous line. */
function displacedGroup(
  words: readonly TimedWord[],
  lines: readonly LineSpan[],
  l: number,
  context: Judged,
): { last: number; from: number; to: number } | undefined {
  const r = passageRules;
  const { stretches, voiced } = context;
  const span = (i: number) => ({
    start: words[lines[i]!.first]!.start,
    end: words[lines[i]!.last]!.end,
  });
  const line = span(l);
  if (voiced(line.start, line.end) >= r.unvoicedLineShare) return undefined;
  const previousEnd = l > 0 ? span(l - 1).end : 0;
  const gap = line.start - previousEnd;
  if (gap * voiced(previousEnd, line.start) < r.freeVoicedSeconds) return undefined;
  // Lines pushed along with it: also off the voice, with no voice between them.
  let last = l;
  while (last + 1 < lines.length) {
    const next = span(last + 1);
    const end = span(last).end;
    if (voiced(next.start, next.end) >= r.unvoicedLineShare) break;
    if ((next.start - end) * voiced(end, next.start) >= 0.5) break;
    last++;
  }
  const count = lines[last]!.last - lines[l]!.first + 1;
  // The first phrase after the previous line must be one clear stretch of voice, wordless.
  const from = previousEnd + r.marginSeconds;
  // Fragments before it (the previous line's tail) may total `fragmentSeconds`.
  let fragments = 0;
  const tight = phrases(stretches, from, line.start, r.phraseJoinSeconds).find((p) => {
    if (p.end - p.start >= r.freeVoicedSeconds) return true;
    fragments += p.end - p.start;
    return false;
  });
  if (!tight || fragments > r.fragmentSeconds) return undefined;
  const run = phrases(stretches, tight.start, line.start);
  const first = run[0]!;
  let to = first.end;
  to = Math.min(to, first.start + count * r.spanPerWord + r.spanExtraSeconds);
  if (to - first.start < Math.min(r.freeVoicedSeconds, 0.3 * count)) return undefined;
  return { last, from: first.start, to };
}

/** The window a squeezed line's words should spread over, when it is squeezed and the window is free. */
function squeezedWindow(
  words: readonly TimedWord[],
  lines: readonly LineSpan[],
  l: number,
  context: Judged,
  rate = NaN,
): { from: number; to: number } | undefined {
  const r = passageRules;
  const { first, last } = lines[l]!;
  const count = last - first + 1;
  if (count < 2) return undefined;
  const start = words[first]!.start;
  const end = words[last]!.end;
  const texts = context.texts;
  let vocalise = 0;
  for (let k = first; k <= last; k++) if (texts && isVocalise(texts[k] ?? '')) vocalise++;
  const isVocaliseLine = 2 * vocalise >= count;
  // Squeezed: words under `squeezedPerWord` on average, or the line under `shortFactor` of what its
  // phones need at the song's singing rate.
  let phones = 0;
  for (let k = first; k <= last; k++) phones += Math.max(1, words[k]!.phones);
  const short = end - start < r.shortFactor * phones * rate;
  if (!isVocaliseLine && !short && (end - start) / count >= r.squeezedPerWord) return undefined;
  const previousEnd = l > 0 ? words[first - 1]!.end : 0;
  const nextStart = l + 1 < lines.length ? words[last + 1]!.start : context.duration;
  const { stretches, voiced } = context;
  const free =
    (start - previousEnd) * voiced(previousEnd, start) + (nextStart - end) * voiced(end, nextStart);
  const factor = isVocaliseLine ? r.vocaliseFreeFactor : r.squeezedFreeFactor;
  if (free < Math.max(r.squeezedFreeSeconds, factor * (end - start))) return undefined;
  // The phrases of the window from the one holding (or following) the line's start, or, when the
  // words sit at the window's end, from the first phrase of the window.
  // Voice running on from the previous line (its tail) and blips are not the line's notes.
  const fresh = stretches.filter(
    (s) => s.start > previousEnd + r.marginSeconds && s.end - s.start >= r.minNoteSeconds,
  );
  const all = phrases(fresh, previousEnd + r.marginSeconds, nextStart - r.marginSeconds);
  if (all.length === 0) return undefined;
  const atEnd =
    (nextStart - end) * voiced(end, nextStart) < (start - previousEnd) * voiced(previousEnd, start);
  const holding = all.findIndex((p) => p.end > start);
  const from = atEnd ? all[0]!.start : (all[holding < 0 ? 0 : holding]?.start ?? start);
  const to = Math.min(all[all.length - 1]!.end, from + count * r.spanPerWord + r.spanExtraSeconds);
  return to - from > end - start ? { from, to } : undefined;
}

/** Words first..last placed on the notes of [from, to). */
function spreadOnNotes(
  words: TimedWord[],
  first: number,
  last: number,
  from: number,
  to: number,
  context: PassageContext,
): void {
  const onsets = noteOnsets(context.db, context.stretches, from, to);
  // Where the voice holding t ends (stretches joined over short gaps).
  const voicedEnd = (t: number) => {
    let end = t;
    for (const s of context.stretches) {
      if (s.end <= end) continue;
      if (s.start > end + passageRules.phraseJoinSeconds) break;
      end = s.end;
    }
    return end;
  };
  const starts = placeOnNotes(onsets, last - first + 1, from, to, voicedEnd);
  // A word ends where the voice of its note ends (or at the next word).
  for (let k = first; k <= last; k++) {
    const w = words[k]!;
    w.start = starts[k - first]!;
    const next = starts[k - first + 1] ?? to;
    const stretch = context.stretches.find((s) => s.end > w.start && s.start <= w.start + 0.05);
    w.end = Math.max(
      w.start + 0.1,
      Math.min(next, stretch ? Math.max(stretch.end, w.start) : next),
    );
  }
}

/** Confidence of a word a passage repair moved (placed from the stem's notes, not the search). */
export const passageConfidence = 0.45;

/**
 * Lowers the confidence (one value per lyric word; `spoken[k]` is spoken word k's lyric index) of
 * the words a passage repair moved to at most `passageConfidence`, and of the unspoken tokens after
 * them.
 */
export function lowerMovedConfidence(
  confidence: number[],
  spoken: readonly number[],
  moved: readonly boolean[],
): void {
  spoken.forEach((wordIndex, k) => {
    if (!moved[k]) return;
    const end = spoken[k + 1] ?? confidence.length;
    for (let i = wordIndex; i < end; i++) {
      confidence[i] = Math.min(confidence[i] ?? passageConfidence, passageConfidence);
    }
  });
}

/** Plain sentences for the task output about what the passage checks repaired. */
export function passageNotes(result: PassageResult): string[] {
  const notes: string[] = [];
  if (result.displacedLines > 0) {
    notes.push(
      `${result.displacedLines} line(s) placed where the vocals are silent were moved onto the sung phrase before them.`,
    );
  }
  if (result.squeezedLines > 0) {
    notes.push(
      `${result.squeezedLines} squeezed line(s) (held notes, vocalises) were spread over the sung notes around them.`,
    );
  }
  if (result.overlongLines > 0) {
    notes.push(
      `${result.overlongLines} line(s) spread far beyond what their words need were put on the sung notes inside them.`,
    );
  }
  if (result.silentHeadLines > 0) {
    notes.push(
      `${result.silentHeadLines} line(s) whose first words lay on silence before their first sung note were moved onto it.`,
    );
  }
  if (result.tailLines > 0) {
    notes.push(
      `${result.tailLines} line(s) whose last word lay before its note were moved onto the wordless note before the next line.`,
    );
  }
  return notes;
}
