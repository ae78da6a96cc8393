import { buildResult, Warnings, type ParsedLine } from '../build';
import { isJsSpace, splitLines } from '../text/lines';
import { TimingFormatError, type ReadResult, type TimingMetadata } from '../types';

/**
 * UltraStar TXT. A note `: beat length pitch text` (`*` golden, `F` freestyle, `R` rap, `G` golden
 * rap) is sung from GAP/1000 + beat * 60 / (BPM * 4) seconds for `length` beats. `-` ends a line;
 * in #RELATIVE mode its last number moves the beat origin. `P1`/`P2` start a duet singer's part.
 * A syllable without a leading space (or a `~` continuation) belongs to the word before it.
 */
const BREAK = /^-[ \t]*(-?\d{1,9})(?:[ \t]+(-?\d{1,9}))?[ \t]*$/;
const PLAYER = /^P[ \t]*(\d{1,2})[ \t]*$/;
const BPM_CHANGE = /^B[ \t]*(-?\d{1,9})[ \t]+(\d{1,9}(?:[.,]\d{1,9})?)[ \t]*$/;

/**
 * Beats to seconds: GAP/1000 + beat * 60 / (BPM * 4), piecewise when B lines change the BPM from
 * a beat on (as UltraStar Deluxe plays them). In milliseconds first: a beat count times 15000/BPM
 * is usually a whole number of ms, so 12 beats at BPM 200 are 0.9 s, not 0.8999999999999999.
 */
class Tempo {
  /** Segments by start beat: the BPM from that beat on and the ms at which it starts. */
  private readonly starts: number[] = [0];
  private readonly bpms: number[];
  private readonly ms: number[] = [0];

  constructor(bpm: number) {
    this.bpms = [bpm];
  }

  change(beat: number, bpm: number): void {
    let i = this.starts.length;
    while (i > 0 && this.starts[i - 1]! > beat) i--;
    if (i > 0 && this.starts[i - 1] === beat) this.bpms[i - 1] = bpm;
    else {
      this.starts.splice(i, 0, beat);
      this.bpms.splice(i, 0, bpm);
      this.ms.splice(i, 0, 0);
    }
    for (let k = 1; k < this.starts.length; k++) {
      this.ms[k] =
        this.ms[k - 1]! + ((this.starts[k]! - this.starts[k - 1]!) * 15000) / this.bpms[k - 1]!;
    }
  }

  seconds(beat: number, gap: number): number {
    let k = this.starts.length - 1;
    while (k > 0 && this.starts[k]! > beat) k--;
    return (gap + this.ms[k]! + ((beat - this.starts[k]!) * 15000) / this.bpms[k]!) / 1000;
  }
}

const number = (value: string) => Number(value.trim().replace(',', '.'));

export function readUltrastar(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const metadata: TimingMetadata = {};
  const lines = splitLines(text);
  let bpm = NaN;
  let gap = 0;
  let relative = false;
  let n = 0;
  for (; n < lines.length; n++) {
    const raw = lines[n]!.trim();
    if (raw === '') continue;
    if (!raw.startsWith('#')) break;
    const colon = raw.indexOf(':');
    const key = raw
      .slice(1, colon < 0 ? undefined : colon)
      .trim()
      .toUpperCase();
    const value = colon < 0 ? '' : raw.slice(colon + 1).trim();
    if (key === 'BPM') bpm = number(value);
    else if (key === 'GAP') {
      gap = number(value);
      if (!Number.isFinite(gap)) {
        warnings.add(n + 1, `The GAP "${value}" is not a number; 0 was used.`);
        gap = 0;
      }
    } else if (key === 'RELATIVE') relative = /^(yes|true|1)$/i.test(value);
    else if (key === 'TITLE' && value) metadata.title = value;
    else if (key === 'ARTIST' && value) metadata.artist = value;
    else if (key === 'LANGUAGE' && value) metadata.language = value;
  }
  if (!Number.isFinite(bpm) || bpm <= 0) {
    throw new TimingFormatError(
      'This UltraStar file has no usable #BPM line, so its notes cannot be timed.',
    );
  }
  // Notes are read in beats; times come at the end, when every BPM change (B line) is known.
  const tempo = new Tempo(bpm);
  const out: ParsedLine[] = [];
  let singer: number | undefined;
  let base = 0;
  // #RELATIVE: each voice keeps its own beat origin across voice changes.
  const bases = new Map<number | undefined, number>();
  let current: ParsedLine | null = null;
  const close = () => {
    if (current && current.segments.length > 0) out.push(current);
    current = null;
  };
  for (; n < lines.length; n++) {
    const raw = lines[n]!;
    let indent = 0;
    while (raw.charCodeAt(indent) === 32 || raw.charCodeAt(indent) === 9) indent++;
    const c = raw.charCodeAt(indent);
    if (readNote(raw, indent)) {
      const start = base + note.beat;
      const end = base + note.beat + Math.max(0, note.length);
      const syllable = note.syllable;
      if (!current) {
        current = { source: n + 1, start, end, segments: [] };
        if (singer !== undefined) current.singer = singer;
      }
      current.start = Math.min(current.start, start);
      current.end = Math.max(current.end, end);
      current.segments.push({ text: syllable, start, end, joinPrevious: continues(syllable) });
      continue;
    }
    // Not a note (a break, a player, or something else): the rare lines, read by pattern.
    const line = indent === 0 ? raw : raw.slice(indent);
    if ((Number.isNaN(c) || isJsSpace(c)) && line.trim() === '') continue;
    const first = line[0];
    if (first === 'E' && line.trim() === 'E') break;
    const br = BREAK.exec(line);
    if (br) {
      close();
      if (relative) base += Number(br[2] ?? br[1]);
      continue;
    }
    const player = PLAYER.exec(line.trim());
    if (player) {
      close();
      bases.set(singer, base);
      singer = Math.max(0, Number(player[1]) - 1);
      base = bases.get(singer) ?? 0;
      continue;
    }
    const change = BPM_CHANGE.exec(line);
    if (change && number(change[2]!) > 0) {
      tempo.change(base + Number(change[1]), number(change[2]!));
      continue;
    }
    if (first === '#') warnings.add(n + 1, 'A header line after the notes; ignored.');
    else if (first === 'B')
      warnings.add(n + 1, 'This BPM change (B line) cannot be read; skipped.');
    else warnings.add(n + 1, 'This line is not an UltraStar note or line break; skipped.');
  }
  close();
  // No `E` at the end is common in hand-made files, and harmless.
  // One voice is no duet (a lone P1 line): no singer, as in every other format.
  const voices = new Set(out.map((line) => line.singer));
  if (voices.size === 1) for (const line of out) delete line.singer;
  const at = (beat: number) => tempo.seconds(beat, gap);
  for (const line of out) {
    line.start = at(line.start);
    line.end = at(line.end);
    for (const s of line.segments) {
      s.start = at(s.start!);
      s.end = at(s.end!);
    }
  }
  return buildResult('ultrastar', encoding, out, warnings, metadata);
}

/** The fields of the last note `readNote` read. */
const note = { beat: 0, length: 0, syllable: '' };

/**
 * A note line from `at`, by hand (one per syllable), as the pattern
 * `^([:*FRG])[ \t]*(-?\d{1,9})[ \t]+(-?\d{1,9})[ \t]+(-?\d{1,9})(?:[ \t](.*))?$` reads it:
 * the type, beat, length and pitch, then one space or tab and the syllable (which keeps any
 * further spaces: they separate words).
 */
function readNote(line: string, at: number): boolean {
  const type = line.charCodeAt(at);
  // : * F R G
  if (type !== 58 && type !== 42 && type !== 70 && type !== 82 && type !== 71) return false;
  let i = at + 1;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  i = readInt(line, i);
  if (i < 0) return false;
  const beat = int;
  if (!isBlankChar(line.charCodeAt(i))) return false;
  while (isBlankChar(line.charCodeAt(i))) i++;
  i = readInt(line, i);
  if (i < 0) return false;
  const length = int;
  if (!isBlankChar(line.charCodeAt(i))) return false;
  while (isBlankChar(line.charCodeAt(i))) i++;
  i = readInt(line, i);
  if (i < 0) return false;
  if (i < line.length) {
    if (!isBlankChar(line.charCodeAt(i))) return false;
    // `.` stops at these line terminators, so the pattern does not match such a line.
    if (line.indexOf('\u2028', i) >= 0 || line.indexOf('\u2029', i) >= 0) return false;
  }
  note.beat = beat;
  note.length = length;
  note.syllable = i < line.length ? line.slice(i + 1) : '';
  return true;
}

const isBlankChar = (c: number) => c === 32 || c === 9;

/** The last `readInt`'s value. */
let int = 0;

/** `-?\d{1,9}` at `at`: the index after it (its value in `int`), or -1. */
function readInt(line: string, at: number): number {
  let i = at;
  const negative = line.charCodeAt(i) === 45; /* - */
  if (negative) i++;
  let value = 0;
  const from = i;
  for (let c = line.charCodeAt(i); c >= 48 && c <= 57; c = line.charCodeAt(++i))
    value = value * 10 + (c - 48);
  if (i === from || i - from > 9) return -1;
  int = negative ? -value : value;
  return i;
}

/** A syllable that starts with `~` (after spaces) continues the word before it. */
function continues(syllable: string): boolean {
  for (let i = 0; i < syllable.length; i++) {
    const c = syllable.charCodeAt(i);
    if (c === 126 /* ~ */) return true;
    if (!isJsSpace(c)) return false;
  }
  return false;
}
