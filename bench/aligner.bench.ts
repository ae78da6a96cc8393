// How far the local aligner's word starts are from the demo song's ground truth (made by
// scripts/make-demo-song.sh), and how long decode + separation + alignment take, once each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlignmentItem } from '../src/contract';
import { alignLyrics } from '../server/audio/align';
import { decodeAudioFile } from '../server/audio/decode';
import { separateCentre } from '../server/audio/separate';
import { report } from './report';

const assets = join(import.meta.dirname, '..', 'server', 'seed', 'assets');
const truth = JSON.parse(
  readFileSync(join(assets, 'demo-song.truth.json'), 'utf8'),
) as AlignmentItem[];
const lyrics = readFileSync(join(assets, 'demo-song.lyrics.txt'), 'utf8');

const timed = async <T>(name: string, budget: number, fn: () => T | Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const value = await fn();
  report(name, [performance.now() - t0], budget, 'ms');
  return value;
};

const audio = await timed('aligner.demo-decode', 3000, () =>
  decodeAudioFile(join(assets, 'demo-song.flac'), 'audio/flac'),
);
const { vocals } = await timed('aligner.demo-separate', 5000, () => separateCentre(audio));
const items = await timed('aligner.demo-align', 5000, () => alignLyrics(vocals, lyrics));

const key = (item: AlignmentItem) => `${item.line}:${item.word}`;
const placed = new Map(items.map((item) => [key(item), item]));
const errorsMs = truth.map((expected) => {
  const got = placed.get(key(expected));
  if (!got) throw new Error(`the aligner left out word ${key(expected)} (${expected.text})`);
  return Math.abs(got.start - expected.start) * 1000;
});
// Budgets: the word-start error a user still fixes by ear in a pass (p95), and on average.
report('aligner.word-start-error', errorsMs, 250, 'ms');
const mean = errorsMs.reduce((sum, e) => sum + e, 0) / errorsMs.length;
report('aligner.word-start-error.mean', [mean], 80, 'ms');

// Separation speed on a full-rate mix: 60 s of 44.1 kHz stereo (budget: well under 5 s).
const rate = 44100;
const noise = (seed: number) => {
  let x = seed;
  return () => ((x = (x * 16807) % 2147483647) / 2147483647 - 0.5) * 0.5;
};
const [left, right] = [noise(1), noise(2)].map((next) =>
  Float32Array.from({ length: 60 * rate }, next),
);
if (left && right) {
  const t0 = performance.now();
  separateCentre({ sampleRate: rate, channels: [left, right] });
  report('separate.60s-44k-stereo', [performance.now() - t0], 5000, 'ms');
}
