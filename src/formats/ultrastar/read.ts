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

/** What the header says: the tempo and gap, #RELATIVE, metadata; and where the notes begin. */
interface Header {
  bpm: number;
  gap: number;
  relative: boolean;
  metadata: TimingMetadata;
  /** Index of the first line after the header. */
  body: number;
}

function readHeader(lines: readonly string[], warnings: Warnings): Header {
  const header: Header = { bpm: NaN, gap: 0, relative: false, metadata: {}, body: 0 };
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
    if (key === 'BPM') header.bpm = number(value);
    else if (key === 'GAP') {
      header.gap = number(value);
      if (!Number.isFinite(header.gap)) {
        warnings.add(n + 1, `The GAP "${value}" is not a number; 0 was used.`);
        header.gap = 0;
      }
    } else if (key === 'RELATIVE') header.relative = /^(yes|true|1)$/i.test(value);
    else if (key === 'TITLE' && value) header.metadata.title = value;
    else if (key === 'ARTIST' && value) header.metadata.artist = value;
    else if (key === 'LANGUAGE' && value) header.metadata.language = value;
  }
  header.body = n;
  return header;
}

/** The notes as they are read: lines in beats, the current voice and its beat origin. */
class NoteLines {
  readonly out: ParsedLine[] = [];
  singer: number | undefined;
  base = 0;
  /** #RELATIVE: each voice keeps its own beat origin across voice changes. */
  private readonly bases = new Map<number | undefined, number>();
  private current: ParsedLine | null = null;

  note(source: number, beat: number, length: number, syllable: string): void {
    const start = this.base + beat;
    const end = this.base + beat + Math.max(0, length);
    if (!this.current) {
      this.current = { source, start, end, segments: [] };
      if (this.singer !== undefined) this.current.singer = this.singer;
    }
    const line = this.current;
    line.start = Math.min(line.start, start);
    line.end = Math.max(line.end, end);
    line.segments.push({ text: syllable, start, end, joinPrevious: continues(syllable) });
  }

  close(): void {
    if (this.current && this.current.segments.length > 0) this.out.push(this.current);
    this.current = null;
  }

  voice(singer: number): void {
    this.close();
    this.bases.set(this.singer, this.base);
    this.singer = singer;
    this.base = this.bases.get(singer) ?? 0;
  }
}

export function readUltrastar(text: string, encoding: string): ReadResult {
  const warnings = new Warnings();
  const lines = splitLines(text);
  const { bpm, gap, relative, metadata, body } = readHeader(lines, warnings);
  if (!Number.isFinite(bpm) || bpm <= 0) {
    throw new TimingFormatError(
      'This UltraStar file has no usable #BPM line, so its notes cannot be timed.',
    );
  }
  // Notes are read in beats; times come at the end, when every BPM change (B line) is known.
  const tempo = new Tempo(bpm);
  const notes = new NoteLines();
  for (let n = body; n < lines.length; n++) {
    const raw = lines[n]!;
    let indent = 0;
    while (raw.charCodeAt(indent) === 32 || raw.charCodeAt(indent) === 9) indent++;
    if (readNote(raw, indent)) {
      notes.note(n + 1, note.beat, note.length, note.syllable);
      continue;
    }
    // Not a note (a break, a player, or something else): the rare lines, read by pattern.
    const c = raw.charCodeAt(indent);
    const line = indent === 0 ? raw : raw.slice(indent);
    if ((Number.isNaN(c) || isJsSpace(c)) && line.trim() === '') continue;
    if (line[0] === 'E' && line.trim() === 'E') break;
    readOther(line, n + 1, { notes, tempo, relative, warnings });
  }
  notes.close();
  // No `E` at the end is common in hand-made files, and harmless.
  return buildResult('ultrastar', encoding, timed(notes.out, tempo, gap), warnings, metadata);
}

/** A line that is not a note: a line break, a player, a BPM change, or one to warn about. */
function readOther(
  line: string,
  source: number,
  at: { notes: NoteLines; tempo: Tempo; relative: boolean; warnings: Warnings },
): void {
  const br = BREAK.exec(line);
  if (br) {
    at.notes.close();
    if (at.relative) at.notes.base += Number(br[2] ?? br[1]);
    return;
  }
  const player = PLAYER.exec(line.trim());
  if (player) return at.notes.voice(Math.max(0, Number(player[1]) - 1));
  const change = BPM_CHANGE.exec(line);
  if (change && number(change[2]!) > 0) {
    at.tempo.change(at.notes.base + Number(change[1]), number(change[2]!));
    return;
  }
  const first = line[0];
  if (first === '#') at.warnings.add(source, 'A header line after the notes; ignored.');
  else if (first === 'B')
    at.warnings.add(source, 'This BPM change (B line) cannot be read; skipped.');
  else at.warnings.add(source, 'This line is not an UltraStar note or line break; skipped.');
}

/** Beats to seconds; one voice is no duet (a lone P1 line): no singer, as in every other format. */
function timed(out: ParsedLine[], tempo: Tempo, gap: number): ParsedLine[] {
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
  return out;
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
