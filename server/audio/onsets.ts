import { Fft, hannWindow, nextPowerOfTwo } from '../../src/dsp/fft';
import type { PcmAudio } from './pcm';
import { mixToMono } from './pcm';

const HOP_SECONDS = 0.01;
const MIN_SPACING_SECONDS = 0.05;
const MEDIAN_REACH = 10;
const RISE_REACH = 3;

/**
 * Vocal onsets for the editor's snapping, in seconds: spectral flux (summed rise of log-compressed
 * magnitudes between ~23 ms frames, 10 ms apart), peak-picked against a moving median plus a share
 * of the file's strongest rises, where the frame energy rises by 3 dB and is loud enough to be voice
 * (within 45 dB of the stem's loudest frames), at least 50 ms apart.
 */
export function detectOnsets(vocals: PcmAudio): number[] {
  const rate = vocals.sampleRate;
  const mono = mixToMono(vocals);
  const size = nextPowerOfTwo(rate * 0.023);
  const hop = Math.max(1, Math.round(rate * HOP_SECONDS));
  const frames = Math.floor(Math.max(0, mono.length - size) / hop) + 1;
  if (mono.length < size || frames < 3) return [];
  const fft = new Fft(size);
  const window = hannWindow(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = size / 2;
  let previous = new Float64Array(half);
  let current = new Float64Array(half);
  const flux = new Float64Array(frames);
  const level = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let energy = 0;
    for (let i = 0; i < size; i++) {
      const x = mono[f * hop + i] ?? 0;
      energy += x * x;
      re[i] = x * (window[i] ?? 0);
      im[i] = 0;
    }
    fft.transform(re, im);
    let rise = 0;
    for (let k = 1; k < half; k++) {
      const r = re[k] ?? 0;
      const i = im[k] ?? 0;
      const magnitude = Math.log1p(1000 * Math.sqrt(r * r + i * i));
      current[k] = magnitude;
      const d = magnitude - (previous[k] ?? 0);
      if (d > 0 && f > 0) rise += d;
    }
    flux[f] = rise;
    level[f] = 10 * Math.log10(energy / size + 1e-12);
    [previous, current] = [current, previous];
  }
  const loud = [...level].sort((a, b) => b - a)[Math.floor(frames * 0.03)] ?? 0;
  // A rise must stand out from the file's biggest ones, not just from the frames around it.
  const strongFlux = [...flux].sort((a, b) => b - a)[Math.floor(frames * 0.01)] ?? 0;
  const onsets: number[] = [];
  let last = -Infinity;
  for (let f = 1; f < frames - 1; f++) {
    const v = flux[f] ?? 0;
    if (v < (flux[f - 1] ?? 0) || v < (flux[f + 1] ?? 0)) continue;
    const neighbours = Array.from(
      flux.subarray(Math.max(0, f - MEDIAN_REACH), f + MEDIAN_REACH + 1),
    ).sort((a, b) => a - b);
    const median = neighbours[neighbours.length >> 1] ?? 0;
    const after = Math.max(...Array.from(level.subarray(f, f + RISE_REACH + 1)));
    const loudEnough = after > loud - 45;
    // Offsets smear a spectrum too (a positive flux): an onset must also make the frame energy rise.
    const rises = after - (level[Math.max(0, f - RISE_REACH)] ?? -Infinity) > 3;
    // The flux of a frame reflects what entered its window: the onset is about a window's length in.
    const time = (f * hop + size * 0.5) / rate;
    if (
      v > median + 0.06 * strongFlux &&
      v > 0 &&
      loudEnough &&
      rises &&
      time - last >= MIN_SPACING_SECONDS
    ) {
      onsets.push(Math.round(time * 1000) / 1000);
      last = time;
    }
  }
  return onsets;
}
