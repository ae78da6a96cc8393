// Helpers for the tests beside this file: synthetic signals and energy at one frequency.
import type { PcmAudio } from './pcm';

export function sine(rate: number, seconds: number, hz: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

export function sum(...signals: Float32Array[]): Float32Array {
  const out = new Float32Array(Math.max(...signals.map((s) => s.length)));
  for (const s of signals) for (let i = 0; i < s.length; i++) out[i] = (out[i] ?? 0) + (s[i] ?? 0);
  return out;
}

/** Mean power of the `hz` component of `signal` (a DFT projection over a whole number of periods). */
export function powerAt(
  signal: Float32Array,
  rate: number,
  hz: number,
  from = 0,
  to = signal.length,
): number {
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    const phase = (2 * Math.PI * hz * i) / rate;
    re += (signal[i] ?? 0) * Math.cos(phase);
    im += (signal[i] ?? 0) * Math.sin(phase);
  }
  const n = to - from;
  return (2 * (re * re + im * im)) / (n * n);
}

export const stereo = (rate: number, left: Float32Array, right: Float32Array): PcmAudio => ({
  sampleRate: rate,
  channels: [left, right],
});
