// The real songs with human word timings beside the repository (../shared/data/songs, or SONGS_DIR;
// private data, never copied into it): UltraStar `song.txt` or JamendoLyrics `words.csv` +
// `lyrics.txt` references, read into (line, word, start) of the lyrics as the service tokenizes them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlignmentItem } from '../../src/contract';
import { tokenizeLyrics } from '../../server/audio/align';
import { parseUltraStar } from '../../server/audio/ultrastar';

export interface ReferenceWord {
  line: number;
  word: number;
  start: number;
}

export interface RealSong {
  name: string;
  audio: string;
  contentType: string;
  lyrics: string;
  /** The language the reference names (#LANGUAGE), if any: the bench syncs without it. */
  words: ReferenceWord[];
}

/** The folder of real songs, or '' when there is none. */
export function songsDir(root: string): string {
  return (
    [
      process.env.SONGS_DIR,
      join(root, '..', 'shared', 'data', 'songs'),
      join(root, '..', '..', 'shared', 'data', 'songs'),
    ]
      .filter((d): d is string => !!d)
      .find((d) => existsSync(d)) ?? ''
  );
}

const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/** JamendoLyrics: words.csv rows in the order of the lyrics' words (line ends marked). */
export function readJamendo(lyrics: string, csv: string): ReferenceWord[] {
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => Number(row.split(',')[0]));
  const tokens = tokenizeLyrics(lyrics);
  if (tokens.length !== rows.length) {
    throw new Error(`words.csv has ${rows.length} words, lyrics.txt ${tokens.length}`);
  }
  return tokens.map((t, i) => ({ line: t.line, word: t.word, start: rows[i] ?? NaN }));
}

/** Every song folder with audio and a reference, by name. */
export function loadRealSongs(dir: string): RealSong[] {
  if (!dir) return [];
  const songs: RealSong[] = [];
  for (const name of readdirSync(dir).sort()) {
    const folder = join(dir, name);
    let files: string[];
    try {
      files = readdirSync(folder);
    } catch {
      continue;
    }
    const audioFile = files.find((f) => /^audio\.(mp3|ogg|flac|wav)$/.test(f));
    if (!audioFile) continue;
    const audio = join(folder, audioFile);
    const contentType = TYPES[audioFile.split('.').pop() ?? ''] ?? 'application/octet-stream';
    if (files.includes('song.txt')) {
      const song = parseUltraStar(readFileSync(join(folder, 'song.txt'), 'utf8'));
      songs.push({ name, audio, contentType, lyrics: song.lyrics, words: song.words });
    } else if (files.includes('words.csv') && files.includes('lyrics.txt')) {
      const lyrics = readFileSync(join(folder, 'lyrics.txt'), 'utf8');
      const words = readJamendo(lyrics, readFileSync(join(folder, 'words.csv'), 'utf8'));
      songs.push({ name, audio, contentType, lyrics, words });
    }
  }
  return songs;
}

export interface Accuracy {
  errors: number[];
  n: number;
  mean: number;
  median: number;
  within: number;
  /** The largest mean error of one lyrics line. */
  worstLine: number;
  /** Mean signed error (placed - reference). */
  bias: number;
}

/** Word-start errors against the reference, by (line, word), subword 0. */
export function scoreItems(reference: readonly ReferenceWord[], items: AlignmentItem[]): Accuracy {
  const placed = new Map(
    items.filter((i) => i.subword === 0).map((i) => [`${i.line}:${i.word}`, i.start]),
  );
  const signed = reference.map((w) => (placed.get(`${w.line}:${w.word}`) ?? 1e9) - w.start);
  const errors = signed.map(Math.abs);
  const sorted = [...errors].sort((a, b) => a - b);
  const byLine = new Map<number, number[]>();
  reference.forEach((w, i) => byLine.set(w.line, [...(byLine.get(w.line) ?? []), errors[i] ?? 0]));
  const lineMeans = [...byLine.values()].map((e) => e.reduce((s, x) => s + x, 0) / e.length);
  const n = errors.length;
  return {
    errors,
    n,
    mean: errors.reduce((s, e) => s + e, 0) / n,
    median: sorted[n >> 1] ?? NaN,
    within: errors.filter((e) => e <= 0.3).length / n,
    worstLine: Math.max(0, ...lineMeans),
    bias: signed.reduce((s, e) => s + e, 0) / n,
  };
}
