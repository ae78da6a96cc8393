import { buildResult, Warnings, type ParsedLine } from '../build';
import { splitLines } from '../text/lines';
import { TimingFormatError, type ReadResult, type TimingMetadata } from '../types';

/**
 * UltraStar TXT. A note `: beat length pitch text` (`*` golden, `F` freestyle, `R` rap, `G` golden
 * rap) is sung from GAP/1000 + beat * 60 / (BPM * 4) seconds for `length` beats. `-` ends a line;
 * in #RELATIVE mode its last number moves the beat origin. `P1`/`P2` start a duet singer's part.
 * A syllable without a leading space (or a `~` continuation) belongs to the word before it.
 */
const NOTE = /^([:*FRG])[ \t]*(-?\d{1,9})[ \t]+(-?\d{1,9})[ \t]+(-?\d{1,9})(?:[ \t](.*))?$/;
const BREAK = /^-[ \t]*(-?\d{1,9})(?:[ \t]+(-?\d{1,9}))?[ \t]*$/;
const PLAYER = /^P[ \t]*(\d{1,2})[ \t]*$/;

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
  const beat = 60 / (bpm * 4);
  const at = (b: number) => gap / 1000 + b * beat;
  const out: ParsedLine[] = [];
  let singer: number | undefined;
  let base = 0;
  let current: ParsedLine | null = null;
  const close = () => {
    if (current && current.segments.length > 0) out.push(current);
    current = null;
  };
  for (; n < lines.length; n++) {
    const line = lines[n]!.replace(/^[ \t]+/, '');
    if (line.trim() === '') continue;
    const first = line[0];
    if (first === 'E' && line.trim() === 'E') break;
    const note = NOTE.exec(line);
    if (note) {
      const start = at(base + Number(note[2]));
      const end = at(base + Number(note[2]) + Math.max(0, Number(note[3])));
      const syllable = note[5] ?? '';
      current ??= {
        source: n + 1,
        start,
        end,
        segments: [],
        ...(singer === undefined ? {} : { singer }),
      };
      current.start = Math.min(current.start, start);
      current.end = Math.max(current.end, end);
      current.segments.push({
        text: syllable,
        start,
        end,
        joinPrevious: syllable.trim().startsWith('~'),
      });
      continue;
    }
    const br = BREAK.exec(line);
    if (br) {
      close();
      if (relative) base += Number(br[2] ?? br[1]);
      continue;
    }
    const player = PLAYER.exec(line.trim());
    if (player) {
      close();
      singer = Math.max(0, Number(player[1]) - 1);
      base = 0;
      continue;
    }
    if (first === '#') warnings.add(n + 1, 'A header line after the notes; ignored.');
    else if (first === 'B')
      warnings.add(n + 1, 'BPM changes (B lines) are not supported; skipped.');
    else warnings.add(n + 1, 'This line is not an UltraStar note or line break; skipped.');
  }
  close();
  if (n >= lines.length) {
    // No `E`: common in hand-made files, and harmless.
  }
  return buildResult('ultrastar', encoding, out, warnings, metadata);
}
