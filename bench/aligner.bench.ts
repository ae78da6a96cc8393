// Lyrics sync: word-start accuracy on every real song in ../shared/data/songs (per song and their
// mean; monkey-shines also with synthetic drums added, a regression guard for full-band songs) and on the demo song, the energy aligner (the fallback) on the demo song and on 6,000 words over
// 10 minutes (time and extra memory, issue 14), and lyrics sync on 6,000 words / 10 minutes of dense
// speech (too dense for the recogniser: it must say so and stay fast) and on 3,000 spoken words /
// 10 minutes with known word times (the recogniser in windows: time, CPU time and accuracy).
// CPU times count this process and the recogniser's processes (Linux /proc; else this process only).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlignmentItem } from '../src/contract';
import { alignLyrics } from '../server/audio/align';
import { decodeAudioFile, findOnPath } from '../server/audio/decode';
import { syncLyricsToAudio } from '../server/audio/forced-align';
import { type PcmAudio, pcmDuration } from '../server/audio/pcm';
import { separateCentre } from '../server/audio/separate';
import { findSphinx } from '../server/audio/sphinx';
import { withDrums } from './lib/drums';
import { type Accuracy, loadRealSongs, scoreItems, songsDir } from './lib/real-songs';
import { spokenSong } from './lib/spoken-song';
import { report, reportValue } from './report';

const root = join(import.meta.dirname, '..');
const assets = join(root, 'server', 'seed', 'assets');
// Private data beside the repository (never copied into it): ../shared/data/songs, or SONGS_DIR.
const songs = songsDir(root);

const timed = async <T>(name: string, fn: () => T | Promise<T>, budget: number) => {
  const t0 = performance.now();
  const value = await fn();
  report(name, [performance.now() - t0], budget, 'ms');
  return value;
};

/** CPU seconds of this process and its waited-for children (the recogniser), where /proc shows them. */
function cpuSeconds(): number {
  try {
    // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 12th to 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    if (Number.isFinite(ticks)) return ticks / 100;
  } catch {
    // Not Linux: this process only.
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Runs `fn`, reporting its wall time (ms) and CPU time (s) against the same budget. */
async function timedWithCpu<T>(name: string, fn: () => Promise<T>, budgetMs: number) {
  const cpu = cpuSeconds();
  const value = await timed(name, fn, budgetMs);
  reportValue(`${name}.cpu`, cpuSeconds() - cpu, budgetMs / 1000, 's');
  return value;
}

interface AccuracyBudget {
  mean: number;
  median: number;
  /** The least share within 0.3 s. */
  within: number;
}
/** Issue 16's budget for lyrics sync on a spoken song. */
const SYNC_BUDGET: AccuracyBudget = { mean: 0.25, median: 0.3, within: 0.85 };
/** Issue 22's budgets for each real song, and for their mean. */
const SONG_BUDGET = { mean: 0.5, median: 0.3, within: 0.7, worstLine: 3 };
const SONGS_BUDGET = { mean: 0.3, within: 0.8 };

function accuracyLines(prefix: string, acc: Accuracy, budget: AccuracyBudget) {
  reportValue(`${prefix}.mean-start-error`, acc.mean, budget.mean, 's', acc.n);
  reportValue(`${prefix}.median-start-error`, acc.median, budget.median, 's', acc.n);
  // A share: the budget is a minimum.
  reportValue(
    `${prefix}.share-within-0.3s`,
    acc.within,
    { atLeast: budget.within },
    'share',
    acc.n,
  );
}

// The demo song: the energy aligner (what the seed uses) and the recogniser.
const demoTruth = JSON.parse(
  readFileSync(join(assets, 'demo-song.truth.json'), 'utf8'),
) as AlignmentItem[];
const demoLyrics = readFileSync(join(assets, 'demo-song.lyrics.txt'), 'utf8');
const demo = await timed(
  'aligner.demo-decode',
  () => decodeAudioFile(join(assets, 'demo-song.flac'), 'audio/flac'),
  3000,
);
const { vocals: demoVocals } = await timed(
  'aligner.demo-separate',
  () => separateCentre(demo),
  5000,
);
const energyItems = await timed(
  'aligner.demo-align',
  () => alignLyrics(demoVocals, demoLyrics),
  5000,
);
// The demo-song lines as before (the energy aligner, ms): every word's error, and the mean.
const demoErrorsMs = scoreItems(demoTruth, energyItems).errors.map((e) => e * 1000);
report('aligner.word-start-error', demoErrorsMs, 250, 'ms');
const demoMeanMs = demoErrorsMs.reduce((s, e) => s + e, 0) / demoErrorsMs.length;
reportValue('aligner.word-start-error.mean', demoMeanMs, 80, 'ms', demoErrorsMs.length);
const tools = findSphinx();
if (tools) {
  const synced = await timed(
    'aligner.demo-sync',
    () => syncLyricsToAudio(demoVocals, demoLyrics, { mix: () => Promise.resolve(demo) }),
    30000,
  );
  accuracyLines(`aligner.demo.${synced.engine}`, scoreItems(demoTruth, synced.items), {
    mean: 1,
    median: 0.3,
    within: 0.5,
  });
}

// The real songs with human references (private data beside the repository: skipped when absent),
// each as the task runs it (decode -> centre separation -> sync, one song at a time): per song the
// mean word-start error, the share within 0.3 s, the worst line's mean error and the CPU seconds
// (this process and the recogniser's), then their mean over the songs (issue 22's budgets).
const realSongs = tools ? loadRealSongs(songs) : [];
const perSong: Accuracy[] = [];
for (const song of realSongs) {
  const cpu = cpuSeconds();
  const mix = await decodeAudioFile(song.audio, song.contentType);
  const { vocals } = separateCentre(mix);
  const seconds = pcmDuration(mix);
  const synced = await syncLyricsToAudio(vocals, song.lyrics, {
    mix: () => decodeAudioFile(song.audio, song.contentType),
  });
  const used = cpuSeconds() - cpu;
  const acc = scoreItems(song.words, synced.items);
  perSong.push(acc);
  const name = `aligner.song.${song.name}`;
  console.error(`(${song.name}: ${synced.engine}: ${synced.notes.join(' ')})`);
  accuracyLines(name, acc, SONG_BUDGET);
  reportValue(`${name}.worst-line-error`, acc.worstLine, SONG_BUDGET.worstLine, 's', acc.n);
  // 60 s of CPU for a 5-minute song (issue 22): 12 s a minute, and never less than 60 s.
  reportValue(`${name}.cpu`, used, Math.max(60, (12 * seconds) / 60), 's');
  if (song.name === 'monkey-shines') {
    // The fallback on a real song: far off, as issue 16 found (4.0 s); guarded against getting worse.
    const energy = scoreItems(song.words, alignLyrics(vocals, song.lyrics));
    reportValue('aligner.monkey-shines.energy.mean-start-error', energy.mean, 4, 's', energy.n);
    // The same song under a loud centre-panned drum kit (a crude full band): the search must not go
    // astray (it did, by 8 s, before its retries started from the song's own cepstral mean).
    const band = withDrums(mix, 1);
    const banded = await syncLyricsToAudio(separateCentre(band).vocals, song.lyrics, {
      mix: () => Promise.resolve(band),
    });
    accuracyLines('aligner.monkey-shines-drums', scoreItems(song.words, banded.items), {
      mean: 0.5,
      median: 0.3,
      within: 0.65,
    });
  }
}
if (perSong.length > 0) {
  const n = perSong.reduce((s, a) => s + a.n, 0);
  const mean = perSong.reduce((s, a) => s + a.mean, 0) / perSong.length;
  const within = perSong.reduce((s, a) => s + a.within, 0) / perSong.length;
  reportValue('aligner.songs.mean-start-error', mean, SONGS_BUDGET.mean, 's', n);
  const withinBudget = { atLeast: SONGS_BUDGET.within };
  reportValue('aligner.songs.share-within-0.3s', within, withinBudget, 'share', n);
} else if (tools) {
  // Said, not silent: without them a run looks complete with every song's lines missing.
  console.error(
    'aligner bench: no real songs in ../shared/data/songs or SONGS_DIR: their lines are skipped',
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
reportValue('aligner.fallback-6000-words-10-min.extra-memory', extraMb, 100, 'MB');

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
    const synced = await timedWithCpu(
      'aligner.sync-6000-words-10-min',
      () => syncLyricsToAudio(padded, manyLyrics),
      60000,
    );
    console.error(`(engine ${synced.engine}: ${synced.notes.join(' ')})`);

    // 3,000 words spoken on 10 minutes (5 a second: denser than most songs), every start known.
    const lines = demoLyrics.split('\n').filter((l) => l.trim() !== '');
    const spoken = spokenSong(
      espeak,
      Array.from({ length: 400 }, (_, i) => lines[i % lines.length] ?? ''),
      { speed: 450, wordGap: 0.03, lineGap: 0.3, seconds: 600 },
    );
    const placed = await timedWithCpu(
      'aligner.sync-spoken-3000-words-10-min',
      () => syncLyricsToAudio(spoken.audio, spoken.lyrics),
      60000,
    );
    console.error(
      `(${spoken.words.length} words; engine ${placed.engine}: ${placed.notes.join(' ')})`,
    );
    accuracyLines('aligner.spoken-3000-words', scoreItems(spoken.words, placed.items), SYNC_BUDGET);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
