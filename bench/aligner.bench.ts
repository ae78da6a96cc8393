// Lyrics sync: word-start accuracy of the recogniser on a real song (when ../shared/data/songs holds
// it) and on the demo song, the energy aligner (the fallback) on the demo song and on 6,000 words over
// 10 minutes (time and extra memory, issue 14), and the recogniser's time on 6,000 words / 10 minutes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlignmentItem } from '../src/contract';
import { alignLyrics } from '../server/audio/align';
import { decodeAudioFile, findOnPath } from '../server/audio/decode';
import { syncLyricsToAudio } from '../server/audio/forced-align';
import type { PcmAudio } from '../server/audio/pcm';
import { separateCentre } from '../server/audio/separate';
import { findSphinx } from '../server/audio/sphinx';
import { parseUltraStar } from '../server/audio/ultrastar';
import { report } from './report';

const root = join(import.meta.dirname, '..');
const assets = join(root, 'server', 'seed', 'assets');
// Private data beside the repository (never copied into it): ../shared/data/songs, or SONGS_DIR.
const songs =
  [
    process.env.SONGS_DIR,
    join(root, '..', 'shared', 'data', 'songs'),
    join(root, '..', '..', 'shared', 'data', 'songs'),
  ]
    .filter((d): d is string => !!d)
    .find((d) => existsSync(d)) ?? '';

const timed = async <T>(name: string, fn: () => T | Promise<T>, budget: number | null = null) => {
  const t0 = performance.now();
  const value = await fn();
  report(name, [performance.now() - t0], budget, 'ms');
  return value;
};

/** One figure whose value is not a sample distribution (a mean, a share): ok computed here. */
function figure(name: string, n: number, value: number, budget: number, unit: string, ok: boolean) {
  const v = Math.round(value * 1000) / 1000;
  console.log(JSON.stringify({ name, n, p50: v, p95: v, budget, unit, ok }));
}

interface Reference {
  line: number;
  word: number;
  start: number;
}

/** Mean word-start error (s), share within 0.3 s, median; by (line, word), subword 0. */
function accuracy(reference: Reference[], items: AlignmentItem[]) {
  const placed = new Map(
    items.filter((i) => i.subword === 0).map((i) => [`${i.line}:${i.word}`, i.start]),
  );
  const errors = reference.map((w) =>
    Math.abs((placed.get(`${w.line}:${w.word}`) ?? 1e9) - w.start),
  );
  const sorted = [...errors].sort((a, b) => a - b);
  return {
    errors,
    n: errors.length,
    mean: errors.reduce((s, e) => s + e, 0) / errors.length,
    median: sorted[sorted.length >> 1] ?? NaN,
    within: errors.filter((e) => e <= 0.3).length / errors.length,
  };
}

function accuracyLines(prefix: string, acc: ReturnType<typeof accuracy>, budgeted: boolean) {
  figure(
    `${prefix}.mean-start-error`,
    acc.n,
    acc.mean,
    budgeted ? 0.25 : 1,
    's',
    acc.mean <= (budgeted ? 0.25 : 1),
  );
  figure(`${prefix}.median-start-error`, acc.n, acc.median, 0.3, 's', acc.median <= 0.3);
  // A share: the budget is a minimum.
  const min = budgeted ? 0.85 : 0.5;
  figure(`${prefix}.share-within-0.3s`, acc.n, acc.within, min, 'share', acc.within >= min);
}

// The demo song: the energy aligner (what the seed uses) and the recogniser.
const demoTruth = JSON.parse(
  readFileSync(join(assets, 'demo-song.truth.json'), 'utf8'),
) as AlignmentItem[];
const demoLyrics = readFileSync(join(assets, 'demo-song.lyrics.txt'), 'utf8');
const demo = await timed('aligner.demo-decode', () =>
  decodeAudioFile(join(assets, 'demo-song.flac'), 'audio/flac'),
);
const { vocals: demoVocals } = await timed('aligner.demo-separate', () => separateCentre(demo));
const energyItems = await timed('aligner.demo-align', () => alignLyrics(demoVocals, demoLyrics));
// The demo-song lines as before (the energy aligner, ms): every word's error, and the mean.
const demoErrorsMs = accuracy(demoTruth, energyItems).errors.map((e) => e * 1000);
report('aligner.word-start-error', demoErrorsMs, null, 'ms');
const demoMeanMs = demoErrorsMs.reduce((s, e) => s + e, 0) / demoErrorsMs.length;
figure(
  'aligner.word-start-error.mean',
  demoErrorsMs.length,
  demoMeanMs,
  250,
  'ms',
  demoMeanMs <= 250,
);
const tools = findSphinx();
if (tools) {
  const synced = await timed('aligner.demo-sync', () =>
    syncLyricsToAudio(demoVocals, demoLyrics, { mix: () => Promise.resolve(demo) }),
  );
  accuracyLines(`aligner.demo.${synced.engine}`, accuracy(demoTruth, synced.items), false);
}

// The real song with a human reference (private data: skipped when absent).
const monkey = join(songs, 'monkey-shines');
if (tools && existsSync(join(monkey, 'song.txt')) && existsSync(join(monkey, 'audio.mp3'))) {
  const song = parseUltraStar(readFileSync(join(monkey, 'song.txt'), 'utf8'));
  const mix = await decodeAudioFile(join(monkey, 'audio.mp3'), 'audio/mpeg');
  const { vocals } = separateCentre(mix);
  const synced = await timed('aligner.monkey-shines-sync', () =>
    syncLyricsToAudio(vocals, song.lyrics, { mix: () => Promise.resolve(mix) }),
  );
  accuracyLines('aligner.monkey-shines', accuracy(song.words, synced.items), true);
  accuracyLines(
    'aligner.monkey-shines.energy',
    accuracy(song.words, alignLyrics(vocals, song.lyrics)),
    false,
  );
}

// 6,000 words over 10 minutes: a vowel-like tone per word (0.07 s), 0.03 s apart, at 16 kHz.
const rate = 16000;
const words = 6000;
const pool = demoLyrics.split(/\s+/).filter(Boolean);
const manyLyrics = Array.from({ length: words / 10 }, (_, l) =>
  Array.from({ length: 10 }, (_, w) => pool[(l * 10 + w) % pool.length]).join(' '),
).join('\n');
const long: PcmAudio = { sampleRate: rate, channels: [new Float32Array(600 * rate)] };
const samples = long.channels[0] as Float32Array;
for (let k = 0; k < words; k++) {
  const from = Math.round(k * 0.1 * rate);
  for (let i = 0; i < 0.07 * rate; i++) {
    const t = i / rate;
    samples[from + i] =
      0.3 * Math.sin(2 * Math.PI * 150 * t) + 0.1 * Math.sin(2 * Math.PI * 450 * t);
  }
}
const before = process.resourceUsage().maxRSS;
await timed('aligner.fallback-6000-words-10-min', () => alignLyrics(long, manyLyrics), 5000);
const extraMb = (process.resourceUsage().maxRSS - before) / 1024;
figure('aligner.fallback-6000-words-10-min.extra-memory', 1, extraMb, 100, 'MB', extraMb < 100);

// Separation speed on a full-rate mix: 60 s of 44.1 kHz stereo (budget: well under 5 s).
const noise = (seed: number) => {
  let x = seed;
  return () => ((x = (x * 16807) % 2147483647) / 2147483647 - 0.5) * 0.5;
};
const [left, right] = [noise(1), noise(2)].map((next) =>
  Float32Array.from({ length: 60 * 44100 }, next),
);
if (left && right) {
  const t0 = performance.now();
  separateCentre({ sampleRate: 44100, channels: [left, right] });
  report('separate.60s-44k-stereo', [performance.now() - t0], 5000, 'ms');
}

// The recogniser on 6,000 words / 10 minutes of speech (eSpeak-NG, fast): time budget 60 s.
const espeak = findOnPath('espeak-ng');
if (tools && espeak) {
  const dir = mkdtempSync(join(tmpdir(), 'aligner-bench-'));
  try {
    const text = manyLyrics.split('\n').slice(0, 600).join('.\n');
    const wav = join(dir, 'speech.wav');
    execFileSync(espeak, ['-v', 'en-us', '-s', '600', '-w', wav, '--stdin'], { input: text });
    const speech = await decodeAudioFile(wav, 'audio/wav');
    const seconds = speech.channels[0] ? speech.channels[0].length / speech.sampleRate : 0;
    const padded: PcmAudio = {
      sampleRate: speech.sampleRate,
      channels: [new Float32Array(600 * speech.sampleRate)],
    };
    padded.channels[0]?.set(speech.channels[0]?.subarray(0, padded.channels[0].length) ?? []);
    console.error(`(speech ${seconds.toFixed(0)} s in 600 s)`);
    const synced = await timed(
      'aligner.sync-6000-words-10-min',
      () => syncLyricsToAudio(padded, manyLyrics),
      60000,
    );
    console.error(`(engine ${synced.engine}: ${synced.notes.join(' ')})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
