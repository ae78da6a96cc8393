import type { WavSamples } from '../../../dsp/wav-parse';

/**
 * Rate of the analysis (onsets, spectrogram, waveform peaks): voice onsets live below 5.5 kHz,
 * and a 60-minute stem stays around 160 MB of mono floats.
 */
export const ANALYSIS_RATE = 11025;

/** Half-width of the low-pass, in output samples (taps = 2 * HALF * factor + 1). */
const HALF = 4;
/** Output samples per pass: the mono input window of one pass stays small. */
const CHUNK = 1 << 15;

/**
 * The analysis' PCM straight from a WAV file's bytes, in the worker: channels averaged and, when
 * the file's rate is at least 1.5 times `targetRate`, decimated by the nearest integer factor
 * behind a Hann-windowed sinc low-pass (cut-off 0.9 of the new Nyquist). A rate under that is
 * kept (an 8 kHz stem is analysed at 8 kHz). Reads the samples in place, a window at a time: no
 * full-rate copy of the song is made. This is what decodeAudioData at the analysis rate did on
 * the page, whose last step (making the AudioBuffer) ran on the main thread: 76-378 ms for a
 * 60-minute stem (bench/editor-real).
 */
export function analysisMono(
  wav: WavSamples,
  targetRate: number,
): { mono: Float32Array; sampleRate: number } {
  const factor = wav.sampleRate >= 1.5 * targetRate ? Math.round(wav.sampleRate / targetRate) : 1;
  const scale = 1 / Math.max(1, wav.channelCount);
  const monoAt = (frame: number) => {
    let sum = 0;
    for (let c = 0; c < wav.channelCount; c++) sum += wav.sample(frame, c);
    return sum * scale;
  };
  if (factor === 1) {
    const mono = new Float32Array(wav.frames);
    for (let i = 0; i < wav.frames; i++) mono[i] = monoAt(i);
    return { mono, sampleRate: wav.sampleRate };
  }
  const half = HALF * factor;
  const taps = lowPass(half, 0.9 / factor);
  const out = new Float32Array(Math.floor(wav.frames / factor));
  const window = new Float32Array(CHUNK * factor + 2 * half);
  for (let o0 = 0; o0 < out.length; o0 += CHUNK) {
    const o1 = Math.min(out.length, o0 + CHUNK);
    const from = o0 * factor - half;
    const to = (o1 - 1) * factor + half + 1;
    for (let j = from; j < to; j++) window[j - from] = j < 0 || j >= wav.frames ? 0 : monoAt(j);
    for (let o = o0; o < o1; o++) {
      const first = o * factor - half - from;
      let acc = 0;
      for (let k = 0; k < taps.length; k++) acc += taps[k]! * window[first + k]!;
      out[o] = acc;
    }
  }
  return { mono: out, sampleRate: wav.sampleRate / factor };
}

/** A Hann-windowed sinc low-pass of 2 * half + 1 taps, cut-off in cycles per sample * 2, unit DC gain. */
function lowPass(half: number, cutoff: number): Float32Array {
  const taps = new Float32Array(2 * half + 1);
  let sum = 0;
  for (let k = -half; k <= half; k++) {
    const x = Math.PI * cutoff * k;
    const sinc = k === 0 ? 1 : Math.sin(x) / x;
    const w = 0.5 + 0.5 * Math.cos((Math.PI * k) / (half + 1));
    taps[k + half] = sinc * w;
    sum += sinc * w;
  }
  for (let k = 0; k < taps.length; k++) taps[k] = taps[k]! / sum;
  return taps;
}
