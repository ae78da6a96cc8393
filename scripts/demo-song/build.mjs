// Builds the demo song (see ../make-demo-song.sh): espeak-ng words in the centre, a sox sawtooth bass on
// the left, a sox-plucked arpeggio on the right, a kick (left) and hats/snare (right) made here from a
// seeded generator. Everything is placed on a fixed grid, so the output is the same on every run and
// the ground truth is exact: each word's clip is trimmed of silence by sox, and the truth is where
// the trimmed clip was placed and how long it is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = 22050;
const BPM = 100;
const BEAT = 60 / BPM;
const BAR = 4 * BEAT;
const EIGHTH = BEAT / 2;
const SIXTEENTH = BEAT / 4;
const outDir = process.argv[2] ?? 'server/seed/assets';

const verses = [
  [
    'The morning light is falling on the quiet town',
    'I hear the river singing as the bells ring out',
    'We walk along the harbour where the boats come home',
    'And every little story finds a place to go',
  ],
  [
    'The evening wind is calling from the distant hills',
    'A thousand stars are waking while the city sleeps',
    'So hold this simple melody and sing along',
    'Tomorrow we will meet again beneath the sky',
  ],
];
// espeak-ng pitch (0-99) per word position: a small repeating melody.
const melody = [40, 48, 55, 60, 55, 48, 52, 58, 64, 50];
// Semitones from A440 for the roots of C - Am - F - G.
const progression = [
  { root: -9, third: -5, fifth: -2 },
  { root: 0, third: 3, fifth: 7 },
  { root: -4, third: 0, fifth: 3 },
  { root: -2, third: 2, fifth: 5 },
];

const work = mkdtempSync(join(tmpdir(), 'demo-song-'));
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** Reads a sox-made mono clip as floats (sox writes raw signed 16-bit little-endian). */
function soxClip(name, inputArgs, effects) {
  const file = join(work, `${name}.raw`);
  run('sox', [
    '-R',
    ...inputArgs,
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    '-e',
    'signed',
    '-t',
    'raw',
    file,
    ...effects,
  ]);
  const bytes = readFileSync(file);
  const out = new Float32Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
  return out;
}

// sox -R seeds every pluck's noise burst the same way, so plucks an octave apart on both sides would be
// correlated (a fake "centre" sound no real mix has): only the right-hand arpeggio is plucked.
// Two players are never phase-locked: a bass an octave below the arpeggio, started on the same sample
// and tuned to the same cent, would make a steady tone on both sides that no centre mask can tell
// from a voice. So the bass sits 15 ms behind the beat and the arpeggio is 12 cents sharp.
const BASS_LATE = Math.round(0.015 * RATE);
const PLUCK_SHARP = 0.12;
const noteCache = new Map();
/** A synthesised note made once per kind, pitch and length (`effects` after `synth <seconds>`). */
function note(kind, semitones, seconds, effects) {
  const key = `${kind}:${semitones}:${seconds}`;
  let clip = noteCache.get(key);
  if (!clip) {
    clip = soxClip(`note${noteCache.size}`, ['-n'], ['synth', String(seconds), ...effects]);
    noteCache.set(key, clip);
  }
  return clip;
}

const bass = (semitones, seconds) =>
  note('bass', semitones, seconds, [
    'sawtooth',
    `%${semitones}`,
    'lowpass',
    '-1',
    '600',
    'fade',
    'q',
    '0.01',
    String(seconds),
    String(seconds * 0.6),
  ]);

function pluck(semitones, seconds) {
  const effects = ['pluck', `%${semitones}`, 'fade', '0', String(seconds), '0.05'];
  return note('pluck', semitones, seconds, effects);
}

/** One spoken word, pitched for the melody, with its leading and trailing silence trimmed. */
function word(text, index, pitch) {
  const wav = join(work, `word${index}.wav`);
  run('espeak-ng', ['-v', 'en-us', '-s', '230', '-p', String(pitch), '-w', wav, text]);
  return soxClip(
    `word${index}`,
    [wav],
    ['silence', '1', '0.005', '1%', 'reverse', 'silence', '1', '0.005', '1%', 'reverse'],
  );
}

// Layout: 2 bars of intro, each line starts on a bar and takes whole bars; its words start on the
// next free sixteenth note after the previous word (at least 40 ms later); 2 bars between verses,
// 1 bar of outro.
const vocals = [];
const truth = [];
const lyricLines = [];
let bar = 2;
let lineIndex = 0;
let wordCount = 0;
for (const [v, verse] of verses.entries()) {
  if (v > 0) bar += 2;
  for (const line of verse) {
    lyricLines.push(line);
    const lineStart = bar * BAR;
    let cursor = lineStart;
    for (const [w, text] of line.split(' ').entries()) {
      const clip = word(text, wordCount++, melody[w % melody.length]);
      const start = Math.ceil((cursor - lineStart) / SIXTEENTH - 1e-9) * SIXTEENTH + lineStart;
      const at = Math.round(start * RATE);
      vocals.push({ at, clip });
      const end = (at + clip.length) / RATE;
      truth.push({
        line: lineIndex,
        word: w,
        subword: 0,
        start: round(at / RATE),
        end: round(end),
        text,
      });
      cursor = end + 0.04;
    }
    bar += Math.ceil((cursor - lineStart + 0.3) / BAR);
    lineIndex++;
  }
}
bar += 1;
const bars = bar;
const length = Math.round(bars * BAR * RATE);
const left = new Float32Array(length);
const right = new Float32Array(length);

function add(target, clip, at, gain) {
  for (let i = 0; i < clip.length && at + i < target.length; i++) target[at + i] += clip[i] * gain;
}

for (const { at, clip } of vocals) {
  add(left, clip, at, 0.5);
  add(right, clip, at, 0.5);
}

// Seeded noise so the percussion is the same on every run.
let seed = 12345;
const noise = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 1073741824 - 1;
const kick = Float32Array.from({ length: Math.round(0.25 * RATE) }, (_, i) => {
  const t = i / RATE;
  return Math.sin(2 * Math.PI * (50 * t + (40 * (1 - Math.exp(-t * 30))) / 30)) * Math.exp(-t * 14);
});
const hat = Float32Array.from({ length: Math.round(0.05 * RATE) }, (_, i) => {
  const t = i / RATE;
  return noise() * Math.exp(-t * 90);
});
let previous = 0;
const snare = Float32Array.from({ length: Math.round(0.18 * RATE) }, (_, i) => {
  const t = i / RATE;
  const n = noise();
  const hp = n - previous;
  previous = n;
  return (0.6 * hp + 0.5 * Math.sin(2 * Math.PI * 190 * t)) * Math.exp(-t * 22);
});

for (let b = 0; b < bars; b++) {
  const chord = progression[b % progression.length];
  const barAt = b * BAR;
  for (let beat = 0; beat < 4; beat++) {
    const t = Math.round((barAt + beat * BEAT) * RATE);
    add(left, bass(chord.root - 24, BEAT * 0.95), t + BASS_LATE, 0.45);
    if (beat % 2 === 0) add(left, kick, t, 0.5);
    else add(right, snare, t, 0.3);
  }
  const arpeggio = [chord.root, chord.third, chord.fifth, chord.third + 12];
  for (let e = 0; e < 8; e++) {
    const t = Math.round((barAt + e * EIGHTH) * RATE);
    add(right, pluck(arpeggio[e % arpeggio.length] + PLUCK_SHARP, EIGHTH * 1.6), t, 0.3);
    add(right, hat, Math.round((barAt + e * EIGHTH + EIGHTH / 2) * RATE), 0.12);
  }
}

// Interleaved 16-bit stereo, then sox only changes the container (no dither: nothing to requantise).
let peak = 0;
for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
const gain = 0.89 / peak;
const pcm = Buffer.alloc(length * 4);
for (let i = 0; i < length; i++) {
  pcm.writeInt16LE(Math.round(left[i] * gain * 32767), i * 4);
  pcm.writeInt16LE(Math.round(right[i] * gain * 32767), i * 4 + 2);
}
mkdirSync(outDir, { recursive: true });
const raw = join(work, 'mix.raw');
writeFileSync(raw, pcm);
const flac = join(outDir, 'demo-song.flac');
run('sox', [
  '-R',
  '-D',
  '-t',
  'raw',
  '-r',
  String(RATE),
  '-c',
  '2',
  '-b',
  '16',
  '-e',
  'signed',
  raw,
  '-C',
  '8',
  flac,
]);
writeFileSync(join(outDir, 'demo-song.lyrics.txt'), lyricLines.join('\n') + '\n');
writeFileSync(join(outDir, 'demo-song.truth.json'), JSON.stringify(truth, null, 1) + '\n');
rmSync(work, { recursive: true, force: true });
console.log(
  `${flac}: ${(length / RATE).toFixed(2)} s, ${truth.length} words, ${lyricLines.length} lines`,
);

function round(seconds) {
  return Math.round(seconds * 1000) / 1000;
}
