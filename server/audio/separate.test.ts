import { describe, expect, it } from 'vitest';
import { separateCentre, SEPARATION_MODEL } from './separate';
import { powerAt, sine, stereo, sum } from './test-signals';

const rate = 22050;
const seconds = 2;
// Measure away from the edges, over a whole number of periods of every test tone.
const from = Math.round(0.5 * rate);
const to = Math.round(1.5 * rate);

describe('separateCentre', () => {
  const centre = sine(rate, seconds, 440, 0.3);
  const leftOnly = sine(rate, seconds, 1000, 0.3);
  const rightOnly = sine(rate, seconds, 1500, 0.3);
  const antiPhase = sine(rate, seconds, 2500, 0.2);
  const negated = antiPhase.map((v) => -v);
  const input = stereo(rate, sum(centre, leftOnly, antiPhase), sum(centre, rightOnly, negated));
  const { vocals, instrumental } = separateCentre(input);
  const [vl, vr] = vocals.channels;
  const [il, ir] = instrumental.channels;

  it('names the model and keeps the shape', () => {
    expect(SEPARATION_MODEL).toBe('local-centre-mask');
    expect(vocals.sampleRate).toBe(rate);
    expect(vocals.channels).toHaveLength(2);
    expect(instrumental.channels).toHaveLength(2);
    expect(vl?.length).toBe(centre.length);
  });

  it('puts the centred tone in the vocals and the side tones in the instrumental', () => {
    if (!vl || !vr || !il || !ir) throw new Error('stereo stems expected');
    const p = (s: Float32Array, hz: number) => powerAt(s, rate, hz, from, to);
    const centrePower = p(centre, 440);
    const sidePower = p(leftOnly, 1000);
    expect(p(vl, 440) / centrePower).toBeGreaterThan(0.9);
    expect(p(vr, 440) / centrePower).toBeGreaterThan(0.9);
    expect(p(il, 440) / centrePower).toBeLessThan(0.01);
    expect(p(vl, 1000) / sidePower).toBeLessThan(0.01);
    expect(p(vr, 1500) / sidePower).toBeLessThan(0.01);
    expect(p(il, 1000) / sidePower).toBeGreaterThan(0.9);
    expect(p(ir, 1500) / sidePower).toBeGreaterThan(0.9);
    // Out of phase is not centred: it stays in the instrumental.
    expect(p(vl, 2500) / p(antiPhase, 2500)).toBeLessThan(0.01);
    expect(p(il, 2500) / p(antiPhase, 2500)).toBeGreaterThan(0.9);
  });

  it('makes stems that sum back to the input', () => {
    input.channels.forEach((channel, c) => {
      for (let i = 0; i < channel.length; i += 97) {
        const back = (vocals.channels[c]?.[i] ?? NaN) + (instrumental.channels[c]?.[i] ?? NaN);
        expect(back).toBeCloseTo(channel[i] ?? NaN, 5);
      }
    });
  });

  it('band-passes the voice range out of mono input', () => {
    const low = sine(rate, seconds, 60, 0.3);
    const mid = sine(rate, seconds, 1000, 0.3);
    const high = sine(rate, seconds, 9000, 0.3);
    const mono = separateCentre({ sampleRate: rate, channels: [sum(low, mid, high)] });
    const [v] = mono.vocals.channels;
    const [i] = mono.instrumental.channels;
    if (!v || !i) throw new Error('mono stems expected');
    expect(mono.vocals.channels).toHaveLength(1);
    const p = (s: Float32Array, hz: number) => powerAt(s, rate, hz, from, to);
    expect(p(v, 1000) / p(mid, 1000)).toBeGreaterThan(0.95);
    expect(p(v, 60) / p(low, 60)).toBeLessThan(0.01);
    expect(p(v, 9000) / p(high, 9000)).toBeLessThan(0.01);
    expect(p(i, 60) / p(low, 60)).toBeGreaterThan(0.95);
  });

  it('treats a third channel as centre', () => {
    const three = separateCentre({
      sampleRate: rate,
      channels: [leftOnly, rightOnly, centre],
    });
    expect(three.vocals.channels).toHaveLength(2);
    const [v] = three.vocals.channels;
    if (!v) throw new Error('stereo stems expected');
    expect(
      powerAt(v, rate, 440, from, to) / (0.5 * powerAt(centre, rate, 440, from, to)),
    ).toBeGreaterThan(0.9);
    expect(powerAt(v, rate, 1000, from, to) / powerAt(leftOnly, rate, 1000, from, to)).toBeLessThan(
      0.01,
    );
  });
});

describe('separateCentre with steady-tone suppression', () => {
  // Both centred: a tone held for the whole 2 s (a synth pad) and a "melody" that moves between
  // four pitches every 0.1 s (like sung syllables).
  const held = sine(rate, seconds, 700, 0.2);
  const notes = [1100, 1300, 1500, 1700];
  let phase = 0;
  const melody = Float32Array.from({ length: held.length }, (_, i) => {
    phase += (2 * Math.PI * (notes[Math.floor(i / (0.1 * rate)) % notes.length] ?? 0)) / rate;
    return 0.2 * Math.sin(phase);
  });
  const mix = sum(held, melody);
  const input = stereo(rate, mix, mix);
  const plain = separateCentre(input);
  const steady = separateCentre(input, { steadySeconds: 0.5 });
  const p = (s: Float32Array | undefined, hz: number) => powerAt(s ?? mix, rate, hz, from, to);

  it('takes the held tone out of the vocals and keeps the moving one', () => {
    expect(p(plain.vocals.channels[0], 700) / p(held, 700)).toBeGreaterThan(0.9);
    expect(p(steady.vocals.channels[0], 700) / p(held, 700)).toBeLessThan(0.1);
    for (const hz of notes) {
      expect(p(steady.vocals.channels[0], hz) / p(melody, hz)).toBeGreaterThan(0.7);
      expect(p(steady.vocals.channels[1], hz) / p(melody, hz)).toBeGreaterThan(0.7);
    }
    expect(p(steady.instrumental.channels[0], 700) / p(held, 700)).toBeGreaterThan(0.5);
  });

  it('still makes stems that sum back to the input, to the last sample', () => {
    const [v] = steady.vocals.channels;
    const [i] = steady.instrumental.channels;
    expect(v?.length).toBe(mix.length);
    for (let t = 0; t < mix.length; t += 89) {
      expect((v?.[t] ?? NaN) + (i?.[t] ?? NaN)).toBeCloseTo(mix[t] ?? NaN, 5);
    }
    // The delayed frames line up: the vocals follow the input's timing (no shift by the delay).
    const lag = (shift: number) => {
      let s = 0;
      for (let t = from; t < to; t++) s += (v?.[t] ?? 0) * (melody[t + shift] ?? 0);
      return s;
    };
    expect(lag(0)).toBeGreaterThan(Math.abs(lag(256)));
    expect(lag(0)).toBeGreaterThan(Math.abs(lag(-256)));
  });
});
