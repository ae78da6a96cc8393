import type { PcmAudio } from './pcm';
import { mixToMono } from './pcm';

const HALF_TAPS = 12;
const PHASES = 512;

/**
 * Mono 16-bit samples at `rate` (the acoustic model's 16 kHz), for the recogniser's input: a
 * Hann-windowed sinc low-pass below the new Nyquist, read from a table of 512 fractional phases
 * (cost linear in the output: about 2·16·ratio multiply-adds per output sample).
 */
export function toMonoInt16(audio: PcmAudio, rate = 16000): Int16Array {
  const mono = mixToMono(audio);
  const ratio = audio.sampleRate / rate;
  const outLength = Math.floor(mono.length / ratio);
  const out = new Int16Array(outLength);
  const toInt = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * (x < 0 ? 32768 : 32767));
  if (ratio === 1) {
    for (let i = 0; i < outLength; i++) out[i] = toInt(mono[i] ?? 0);
    return out;
  }
  // Downsampling widens the kernel by `ratio` (cut-off at 0.95 × the new Nyquist); upsampling keeps it.
  const scale = Math.max(1, ratio);
  const cutoff = 0.95 / scale;
  const half = Math.ceil(HALF_TAPS * scale);
  const width = 2 * half;
  const table = new Float32Array((PHASES + 1) * width);
  for (let p = 0; p <= PHASES; p++) {
    const frac = p / PHASES;
    let sum = 0;
    for (let k = 0; k < width; k++) {
      const x = k - half + 1 - frac;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
      const w = 0.5 + 0.5 * Math.cos((Math.PI * x) / (half + 1));
      const v = cutoff * sinc * w;
      table[p * width + k] = v;
      sum += v;
    }
    // Unit gain at DC for every phase.
    for (let k = 0; k < width; k++) table[p * width + k] = (table[p * width + k] ?? 0) / sum;
  }
  for (let i = 0; i < outLength; i++) {
    const position = i * ratio;
    const base = Math.floor(position);
    const phase = Math.round((position - base) * PHASES);
    const row = phase * width;
    const first = base - half + 1;
    // Whole kernel inside the input: the fast loop; at the edges, samples outside count as 0.
    const lo = Math.max(0, -first);
    const hi = Math.min(width, mono.length - first);
    let acc = 0;
    for (let k = lo; k < hi; k++) acc += table[row + k]! * mono[first + k]!;
    out[i] = toInt(acc);
  }
  return out;
}

/** A RIFF/WAVE file of mono 16-bit samples. */
export function monoWav(samples: Int16Array, rate: number): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  Buffer.from(samples.buffer, samples.byteOffset, samples.length * 2).copy(out, 44);
  return out;
}
