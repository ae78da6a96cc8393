// A synthetic "song" of spoken words with exact word timings, for the aligner bench: each distinct
// word is spoken once by eSpeak-NG (trimmed of its silence), then the lyrics are laid out word by
// word with set gaps, so every word's start is known.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PcmAudio } from '../../server/audio/pcm';
import { parseWav } from '../../src/dsp/wav-parse';

export interface SpokenWord {
  line: number;
  word: number;
  text: string;
  start: number;
  end: number;
}

export interface SpokenSong {
  audio: PcmAudio;
  words: SpokenWord[];
  lyrics: string;
}

export interface SpokenSongOptions {
  /** eSpeak-NG words per minute (80..~500). */
  speed: number;
  /** Silence after each word and, in addition, after each line (seconds). */
  wordGap: number;
  lineGap: number;
  /** Seconds of audio; lines that do not fit are left out. */
  seconds: number;
}

/** One word's samples, its silence trimmed (below 2% of its peak). */
function speak(espeak: string, text: string, speed: number, dir: string): PcmAudio {
  const file = join(dir, 'word.wav');
  execFileSync(espeak, ['-v', 'en-us', '-s', String(speed), '-w', file, text]);
  const audio = parseWav(readFileSync(file));
  const samples = audio.channels[0] ?? new Float32Array(0);
  const peak = samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  let from = 0;
  let to = samples.length;
  while (from < to && Math.abs(samples[from] ?? 0) < 0.02 * peak) from++;
  while (to > from && Math.abs(samples[to - 1] ?? 0) < 0.02 * peak) to--;
  return { sampleRate: audio.sampleRate, channels: [samples.slice(from, to)] };
}

/** `lines` (words separated by spaces) spoken word by word until `seconds` are filled. */
export function spokenSong(
  espeak: string,
  lines: string[],
  options: SpokenSongOptions,
): SpokenSong {
  const dir = mkdtempSync(join(tmpdir(), 'spoken-song-'));
  try {
    const cache = new Map<string, PcmAudio>();
    const voice = (text: string) => {
      const key = text.toLowerCase().replace(/[^a-z']/g, '');
      let audio = cache.get(key);
      if (!audio) cache.set(key, (audio = speak(espeak, key || 'la', options.speed, dir)));
      return audio;
    };
    const rate = voice('la').sampleRate;
    const out = new Float32Array(Math.round(options.seconds * rate));
    // A quiet noise floor: digital silence is nothing like a recording.
    let seed = 7;
    for (let i = 0; i < out.length; i++) {
      seed = (seed * 16807) % 2147483647;
      out[i] = (seed / 2147483647 - 0.5) * 0.002;
    }
    const words: SpokenWord[] = [];
    const kept: string[] = [];
    let at = options.lineGap;
    for (const text of lines) {
      const said = text.split(/\s+/).filter(Boolean);
      const clips = said.map(voice);
      const length =
        clips.reduce((s, c) => s + (c.channels[0]?.length ?? 0) / rate + options.wordGap, 0) +
        options.lineGap;
      if (at + length > options.seconds) break;
      said.forEach((word, k) => {
        const samples = clips[k]?.channels[0] ?? new Float32Array(0);
        const from = Math.round(at * rate);
        for (let i = 0; i < samples.length; i++)
          out[from + i] = (out[from + i] ?? 0) + (samples[i] ?? 0);
        const end = at + samples.length / rate;
        words.push({ line: kept.length, word: k, text: word, start: at, end });
        at = end + options.wordGap;
      });
      at += options.lineGap;
      kept.push(said.join(' '));
    }
    return { audio: { sampleRate: rate, channels: [out] }, words, lyrics: kept.join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
