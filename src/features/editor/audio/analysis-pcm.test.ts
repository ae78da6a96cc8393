import { describe, expect, it } from 'vitest';
import { synthWav } from '../../../dsp/wav-encode';
import { wavSamples } from '../../../dsp/wav-parse';
import { analysisMono } from './analysis-pcm';

/** A 16-bit PCM WAV of `channels` made by `at(frame, channel)` in -1..1. */
function wav(rate: number, frames: number, channels: number, at: (i: number, c: number) => number) {
  return wavSamples(synthWav(rate, frames, channels, at));
}

const rms = (x: Float32Array, from = 0, to = x.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / (to - from));
};

describe('analysisMono', () => {
  it('averages the channels and keeps a rate under 1.5x the target (8 kHz stays 8 kHz)', () => {
    const w = wav(8000, 800, 2, (i, c) => (c === 0 ? 0.5 : -0.1) * (i % 2 ? 1 : -1));
    const { mono, sampleRate } = analysisMono(w, 11025);
    expect(sampleRate).toBe(8000);
    expect(mono).toHaveLength(800);
    expect(mono[1]).toBeCloseTo(0.2, 3);
    expect(mono[2]).toBeCloseTo(-0.2, 3);
  });

  it('decimates 44.1 kHz by 4 to 11,025 Hz: a 1 kHz tone passes, a 9 kHz tone is filtered out', () => {
    const rate = 44100;
    const frames = rate; // 1 s
    const tone = (hz: number) => (i: number) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate);
    const low = analysisMono(wav(rate, frames, 1, tone(1000)), 11025);
    expect(low.sampleRate).toBe(11025);
    expect(low.mono).toHaveLength(11025);
    // a sine of amplitude 0.5 has an RMS of 0.354 (away from the edges)
    expect(rms(low.mono, 100, 11000)).toBeCloseTo(0.354, 2);
    // 9 kHz is above the new Nyquist (5.5 kHz): without the low-pass it would alias to 2 kHz
    const high = analysisMono(wav(rate, frames, 2, tone(9000)), 11025);
    expect(rms(high.mono, 100, 11000)).toBeLessThan(0.01);
  });

  it('keeps time: a click at 0.5 s is at 0.5 s after decimation from 48 kHz', () => {
    const rate = 48000;
    const click = analysisMono(
      wav(rate, rate, 1, (i) => (i >= 24000 && i < 24040 ? 0.9 : 0)),
      11025,
    );
    expect(click.sampleRate).toBe(12000);
    let peak = 0;
    click.mono.forEach((v, i) => {
      if (Math.abs(v) > Math.abs(click.mono[peak]!)) peak = i;
    });
    expect(Math.abs(peak / click.sampleRate - 0.5 - 20 / rate)).toBeLessThan(0.001);
  });
});
