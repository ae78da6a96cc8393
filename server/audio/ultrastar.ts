/**
 * Reads an UltraStar song file as reference word timings (for the accuracy bench and tests): a note's
 * start is GAP/1000 + beat·60/(BPM·4) seconds; a syllable that starts with a space (or a line's first
 * one) starts a new word, others continue it (`~` marks a held continuation); `-` ends a line.
 */
export interface ReferenceWord {
  line: number;
  word: number;
  text: string;
  /** Seconds. */
  start: number;
  end: number;
}

export interface ReferenceSong {
  words: ReferenceWord[];
  /** The lyrics as the service takes them: one line of text per sung line. */
  lyrics: string;
}

export function parseUltraStar(text: string): ReferenceSong {
  const header = (key: string) =>
    Number(new RegExp(`^#${key}:\\s*([-\\d.,]+)`, 'mi').exec(text)?.[1]?.replace(',', '.'));
  const bpm = header('BPM');
  const gap = header('GAP') || 0;
  if (!(bpm > 0)) throw new Error('the UltraStar file has no #BPM');
  const beatSeconds = 60 / (bpm * 4);
  const words: ReferenceWord[] = [];
  let line = 0;
  let word = -1;
  let current: ReferenceWord | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const note = /^[:*FRG] (-?\d+) (\d+) (-?\d+) (.*)$/.exec(raw);
    if (note) {
      const start = gap / 1000 + Number(note[1]) * beatSeconds;
      const end = start + Number(note[2]) * beatSeconds;
      const syllable = (note[4] ?? '').replace(/~/g, '');
      if (!current || /^\s/.test(note[4] ?? '')) {
        if (current) words.push(current);
        word++;
        current = { line, word, text: syllable.trim(), start, end };
      } else {
        current.text += syllable.trim();
        current.end = end;
      }
    } else if (/^-/.test(raw) || /^E/.test(raw)) {
      if (current) words.push(current);
      if (current || word >= 0) line++;
      current = undefined;
      word = -1;
    }
  }
  if (current) words.push(current);
  const byLine = new Map<number, string[]>();
  for (const w of words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w.text]);
  const lyrics = [...byLine.values()].map((ws) => ws.join(' ')).join('\n');
  return { words: words.filter((w) => w.text !== ''), lyrics };
}
