// Development measure of the vocal stem's quality without the aligner: the human word timings of the
// real songs (../shared/data/songs) say when a word is being sung; the stem's voicing should be on
// then and off between. Per song and source (the mix, the separated stem) and voicing detector
// (energy: `energyEnvelope` + `voicedRegions`, as the aligner uses today; `voicingMeasure`: level and
// pitch), per 10 ms frame:
//   P / R / F1   voiced frames against "a word is being sung" (precision, recall);
//   AUC          how well the detector's continuous value (dB, or the 0..1 measure) ranks sung frames
//                above unsung ones (0.5: no better than chance);
//   gap          share of frames over 1 s from any sung word (long stretches without voice) that
//                are voiced: what a gate would wrongly leave open;
//   words        share of words with at least a fifth of their span voiced;
//   gated        share of words that start inside a stretch of 2 s without voice
//                (`unvoicedStretches`): the gate would keep them out, wrongly;
//   closed       share of the true stretches of 2 s without words that the gate closes.
// Usage: npx tsx bench/lib/stem-quality.ts [song names]; VARIANTS=a,b picks separation variants,
// DETECTORS=energy,measure,level the voicing detectors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudioFile } from '../../server/audio/decode';
import type { PcmAudio } from '../../server/audio/pcm';
import { separateCentre, type SeparationOptions } from '../../server/audio/separate';
import { parseUltraStar } from '../../server/audio/ultrastar';
import {
  energyEnvelope,
  FRAME_SECONDS,
  type Region,
  unvoicedStretches,
  voicedRegions,
  voicingMeasure,
} from '../../server/audio/voicing';
import { songsDir } from './real-songs';

interface Span {
  start: number;
  end: number;
}

/** Every sung word's [start, end] in seconds, from UltraStar notes or JamendoLyrics words.csv. */
function referenceSpans(folder: string): Span[] {
  const files = readdirSync(folder);
  if (files.includes('song.txt')) {
    return parseUltraStar(readFileSync(join(folder, 'song.txt'), 'utf8')).words;
  }
  return readFileSync(join(folder, 'words.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => row.split(',').map(Number))
    .map(([start = NaN, end = NaN]) => ({ start, end }));
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Area under the ROC curve of `score` for the positive frames (ties count half). */
function auc(score: ArrayLike<number>, positive: Uint8Array): number {
  const order = Array.from({ length: positive.length }, (_, i) => i).sort(
    (a, b) => (score[a] ?? 0) - (score[b] ?? 0),
  );
  let rankSum = 0;
  let pos = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && score[order[j + 1]!] === score[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (positive[order[k]!]) {
        rankSum += rank;
        pos++;
      }
    }
    i = j + 1;
  }
  const neg = positive.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : NaN;
}

interface Row {
  p: number;
  r: number;
  f1: number;
  auc: number;
  gap: number;
  words: number;
  /** Words that start inside a 2 s stretch without voice (the gate would wrongly keep them out). */
  gated: number;
  /** Share of the true stretches of 2 s without words that the gate closes. */
  closed: number;
  cpu: number;
}

function score(
  regions: Region[],
  value: ArrayLike<number>,
  frames: number,
  spans: Span[],
  cpu: number,
): Row {
  const sung = new Uint8Array(frames);
  const near = new Uint8Array(frames);
  const at = (s: number) => Math.max(0, Math.min(frames, Math.round(s / FRAME_SECONDS)));
  for (const w of spans) {
    sung.fill(1, at(w.start), at(w.end));
    near.fill(1, at(w.start - 1), at(w.end + 1));
  }
  const voiced = new Uint8Array(frames);
  for (const r of regions) voiced.fill(1, r.start, r.end);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let far = 0;
  let farVoiced = 0;
  for (let f = 0; f < frames; f++) {
    if (voiced[f] && sung[f]) tp++;
    else if (voiced[f]) fp++;
    else if (sung[f]) fn++;
    if (!near[f]) {
      far++;
      if (voiced[f]) farVoiced++;
    }
  }
  const covered = spans.filter((w) => {
    const a = at(w.start);
    const b = Math.max(a + 1, at(w.end));
    let v = 0;
    for (let f = a; f < b; f++) v += voiced[f] ?? 0;
    return v >= 0.2 * (b - a);
  }).length;
  const gate = unvoicedStretches(regions, frames);
  const gated = spans.filter((w) => gate.some((g) => w.start >= g.start && w.start < g.end)).length;
  const closedFrames = new Uint8Array(frames);
  for (const g of gate) closedFrames.fill(1, at(g.start), at(g.end));
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let trueGap = 0;
  let closedGap = 0;
  sorted.forEach((w, i) => {
    const from = i === 0 ? 0 : Math.max(...sorted.slice(0, i).map((x) => x.end));
    if (w.start - from >= 2) {
      for (let f = at(from); f < at(w.start); f++) {
        trueGap++;
        closedGap += closedFrames[f] ?? 0;
      }
    }
  });
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return {
    p,
    r,
    f1: (2 * p * r) / Math.max(1e-9, p + r),
    auc: auc(value, sung.subarray(0, frames)),
    gap: far ? farVoiced / far : NaN,
    words: covered / Math.max(1, spans.length),
    gated: gated / Math.max(1, spans.length),
    closed: trueGap ? closedGap / trueGap : NaN,
    cpu,
  };
}

const detectors: Record<string, (a: PcmAudio, spans: Span[]) => Row> = {
  energy: (a, spans) => {
    const cpu = cpuSeconds();
    const env = energyEnvelope(a);
    const regions = voicedRegions(env);
    return score(regions, env.db, env.db.length, spans, cpuSeconds() - cpu);
  },
  measure: (a, spans) => {
    const cpu = cpuSeconds();
    const v = voicingMeasure(a);
    return score(v.regions, v.frames, v.frames.length, spans, cpuSeconds() - cpu);
  },
  'measure-0.6': (a, spans) => {
    const cpu = cpuSeconds();
    const v = voicingMeasure(a, { energyMidpoint: 0.6 });
    return score(v.regions, v.frames, v.frames.length, spans, cpuSeconds() - cpu);
  },
  level: (a, spans) => {
    const cpu = cpuSeconds();
    const v = voicingMeasure(a, { harmonicityMidpoint: 0 });
    return score(v.regions, v.frames, v.frames.length, spans, cpuSeconds() - cpu);
  },
};

/** Separation variants by name (the default first); VARIANTS=name,... picks some. */
const variants: Record<string, SeparationOptions | 'mix'> = {
  mix: 'mix',
  centre: {},
  'centre-p2': { maskPower: 2 },
  'centre-p1': { maskPower: 1 },
  'centre-s5': { timeSmoothing: 0.5 },
  'steady-0.5': { steadySeconds: 0.5 },
  'steady-1': { steadySeconds: 1 },
  'steady-0.5-p2': { steadySeconds: 0.5, maskPower: 2 },
};

const root = join(import.meta.dirname, '..', '..');
const dir = songsDir(root);
const wanted = process.argv.slice(2);
const names = readdirSync(dir)
  .filter((n) => !n.includes('.'))
  .filter((n) => wanted.length === 0 || wanted.some((w) => n.includes(w)))
  .sort();
const picked = process.env.VARIANTS?.split(',') ?? Object.keys(variants);
const sums = new Map<string, Row[]>();
const fmt = (x: number) => x.toFixed(2);
for (const name of names) {
  const folder = join(dir, name);
  const audioFile = readdirSync(folder).find((f) => /^audio\./.test(f));
  if (!audioFile) continue;
  const spans = referenceSpans(folder);
  const mix = await decodeAudioFile(join(folder, audioFile), '');
  for (const variant of picked) {
    const options = variants[variant];
    if (!options) throw new Error(`no variant ${variant}`);
    const cpu = cpuSeconds();
    const audio = options === 'mix' ? mix : separateCentre(mix, options).vocals;
    const separation = cpuSeconds() - cpu;
    for (const [detector, run] of Object.entries(detectors)) {
      if (process.env.DETECTORS && !process.env.DETECTORS.split(',').includes(detector)) continue;
      const row = run(audio, spans);
      const key = `${variant}/${detector}`;
      sums.set(key, [...(sums.get(key) ?? []), row]);
      console.log(
        `${name.padEnd(30)} ${key.padEnd(22)} P ${fmt(row.p)} R ${fmt(row.r)} F1 ${fmt(row.f1)} AUC ${fmt(row.auc)} gap ${fmt(row.gap)} words ${fmt(row.words)} gated ${fmt(row.gated)} closed ${fmt(row.closed)} cpu sep ${separation.toFixed(1)} s voicing ${row.cpu.toFixed(1)} s`,
      );
    }
  }
}
for (const [key, rows] of sums) {
  const mean = (k: keyof Row) => rows.reduce((s, r) => s + r[k], 0) / rows.length;
  console.log(
    `${'MEAN'.padEnd(30)} ${key.padEnd(22)} P ${fmt(mean('p'))} R ${fmt(mean('r'))} F1 ${fmt(mean('f1'))} AUC ${fmt(mean('auc'))} gap ${fmt(mean('gap'))} words ${fmt(mean('words'))} gated ${fmt(mean('gated'))} closed ${fmt(mean('closed'))}`,
  );
}
