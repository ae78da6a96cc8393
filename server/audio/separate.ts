import { Fft, hannWindow, nextPowerOfTwo } from '../../src/dsp/fft';
import type { PcmAudio } from './pcm';
import { pcmLength } from './pcm';

/**
 * Centre-channel extraction. Stereo: a short-time Fourier transform of left and right (one complex FFT
 * carries both), a soft mask per bin from how alike left and right are there (2·Re(L·R̄)/(|L|²+|R|²)
 * with the powers smoothed over neighbouring bins and recent frames: 1 for centre-panned content, 0 for
 * hard-panned, unrelated or out-of-phase content), raised to the fourth power to make it more
 * decisive, and faded out below ~120 Hz (bass and kick drums sit in the centre of real mixes but are
 * not voice). Vocals are the masked spectrum, resynthesised by overlap-add; the instrumental is the exact
 * residual (input − vocals), so the two stems always sum back to the input.
 * Mono input has no stereo image: vocals are only a band-pass estimate of the voice range
 * (~150 Hz–5 kHz) and the instrumental is the residual.
 * More than two channels: the first two are front left/right, a third is a centre channel (added to both
 * at −3 dB), any others are added at −3 dB to left (even index) or right (odd index); stems are stereo.
 */
export const SEPARATION_MODEL = 'local-centre-mask';

/** Share of the previous frames in the smoothed powers (frames are ~12 ms apart). */
const TIME_SMOOTHING = 0.7;
const LOW_CUT_FROM_HZ = 60;
const LOW_CUT_TO_HZ = 120;

/** Variations of the mask (for measuring them: `bench/lib/stem-quality.ts`); defaults are today's. */
export interface SeparationOptions {
  /** The similarity is raised to this power (4: decisive; lower keeps more of a wide or reverberant voice). */
  maskPower?: number;
  /** Share of the previous frames in the smoothed powers. */
  timeSmoothing?: number;
  /** Steady-tone suppression: the median window in seconds (0: off). */
  steadySeconds?: number;
  /** How much of the steady part is taken out (0..1). */
  steadyDepth?: number;
  /** Set by `separateCentre`. */
  sampleRate?: number;
}

/**
 * The options `separateCentre` uses when given none (today's centre mask). Mutable for the
 * development runs that compare variants (`bench/lib/stem-sync.ts`), not for production code.
 */
export const separationDefaults: SeparationOptions = {};

export interface Stems {
  vocals: PcmAudio;
  instrumental: PcmAudio;
}

export function separateCentre(
  audio: PcmAudio,
  options: SeparationOptions = separationDefaults,
): Stems {
  const rate = audio.sampleRate;
  const [first, second] = toStereoPair(audio);
  if (!first) return { vocals: audio, instrumental: audio };
  const size = nextPowerOfTwo(rate * 0.046);
  const binHz = rate / size;
  const band = (hz: number, from: number, to: number) =>
    Math.min(1, Math.max(0, (hz - from) / (to - from)));
  const gains = new Float64Array(size / 2 + 1);
  for (let k = 0; k < gains.length; k++) {
    const hz = k * binHz;
    gains[k] = second
      ? band(hz, LOW_CUT_FROM_HZ, LOW_CUT_TO_HZ)
      : band(hz, 100, 150) * (1 - band(hz, 5000, 7000));
  }
  const vocals = stftMask(first, second ?? first, size, gains, second !== undefined, {
    ...options,
    sampleRate: rate,
  });
  const channels = second ? [first, second] : [first];
  const vocalChannels = second ? vocals : [vocals[0] ?? new Float32Array(first.length)];
  const instrumental = channels.map((input, c) => {
    const v = vocalChannels[c] ?? new Float32Array(input.length);
    const out = new Float32Array(input.length);
    for (let i = 0; i < out.length; i++) out[i] = (input[i] ?? 0) - (v[i] ?? 0);
    return out;
  });
  return {
    vocals: { sampleRate: rate, channels: vocalChannels },
    instrumental: { sampleRate: rate, channels: instrumental },
  };
}

function toStereoPair(audio: PcmAudio): [Float32Array | undefined, Float32Array | undefined] {
  const [left, right, ...rest] = audio.channels;
  if (!left || !right || rest.length === 0) return [left, right];
  const l = left.slice();
  const r = right.slice();
  const length = pcmLength(audio);
  rest.forEach((channel, index) => {
    const toLeft = index === 0 || index % 2 === 0;
    const toRight = index === 0 || index % 2 === 1;
    for (let i = 0; i < length; i++) {
      const s = (channel[i] ?? 0) * Math.SQRT1_2;
      if (toLeft) l[i] = (l[i] ?? 0) + s;
      if (toRight) r[i] = (r[i] ?? 0) + s;
    }
  });
  return [l, r];
}

interface Spectrum {
  re: Float64Array;
  im: Float64Array;
}

/** Per-bin powers and cross-power, 3-tap smoothed over bins, then blended into the running values. */
function smoothPowers(l: Spectrum, r: Spectrum, powers: SmoothedPowers, keep: number): void {
  const { ll, rr, lr, pll, prr, plr } = powers;
  const last = ll.length - 1;
  // Hot loops: every index is in range by construction, hence the non-null assertions.
  for (let k = 0; k <= last; k++) {
    const lre = l.re[k]!;
    const lim = l.im[k]!;
    const rre = r.re[k]!;
    const rim = r.im[k]!;
    pll[k] = lre * lre + lim * lim;
    prr[k] = rre * rre + rim * rim;
    plr[k] = lre * rre + lim * rim;
  }
  const take = (1 - keep) / 4;
  for (let k = 0; k <= last; k++) {
    const below = k > 0 ? k - 1 : 0;
    const above = k < last ? k + 1 : last;
    ll[k] = keep * ll[k]! + take * (pll[below]! + 2 * pll[k]! + pll[above]!);
    rr[k] = keep * rr[k]! + take * (prr[below]! + 2 * prr[k]! + prr[above]!);
    lr[k] = keep * lr[k]! + take * (plr[below]! + 2 * plr[k]! + plr[above]!);
  }
}

interface SmoothedPowers {
  ll: Float64Array;
  rr: Float64Array;
  lr: Float64Array;
  pll: Float64Array;
  prr: Float64Array;
  plr: Float64Array;
}

/** One STFT pass's transform and buffers, reused for every frame. */
interface StftPass {
  size: number;
  half: number;
  fft: Fft;
  window: Float64Array;
  /** The packed transform: left in the real part, right in the imaginary part. */
  re: Float64Array;
  im: Float64Array;
  /** The frame's left and right spectra (bins 0..half). */
  spectrumL: Spectrum;
  spectrumR: Spectrum;
}

/** A masked frame waiting for its overlap-add (`start`: its first sample). */
interface PendingFrame extends MaskedFrame {
  start: number;
}

/**
 * Masked left/right (or mono when !stereo: right is then empty) resynthesised with Hann windows, hop
 * size/4. The overlap-add goes straight into the output (32-bit floats); every sample is covered by
 * four frames, so the windows' summed squares repeat every hop and are divided out at the end (no
 * per-sample buffers: 10 minutes of 44.1 kHz stereo took 635 MB more before).
 */
function stftMask(
  left: Float32Array,
  right: Float32Array,
  size: number,
  gains: Float64Array,
  stereo: boolean,
  options: SeparationOptions,
): [Float32Array, Float32Array] {
  const maskPower = options.maskPower ?? 4;
  const keep = options.timeSmoothing ?? TIME_SMOOTHING;
  const length = left.length;
  const hop = size / 4;
  const half = size / 2;
  const bins = () => new Float64Array(half + 1);
  const pass: StftPass = {
    size,
    half,
    fft: new Fft(size),
    window: hannWindow(size),
    re: new Float64Array(size),
    im: new Float64Array(size),
    spectrumL: { re: bins(), im: bins() },
    spectrumR: { re: bins(), im: bins() },
  };
  const outL = new Float32Array(length);
  const outR = new Float32Array(stereo ? length : 0);
  // Cross- and auto-powers per bin, smoothed over neighbouring bins and (recursively) over frames: for
  // unrelated left and right sounds the cross term averages out, for a centred voice it does not.
  const powers: SmoothedPowers = {
    ll: bins(),
    rr: bins(),
    lr: bins(),
    pll: bins(),
    prr: bins(),
    plr: bins(),
  };
  const steady = steadyFilter(options, size, gains.length, hop);
  // With the steady filter on, a frame is masked `delay` frames after it is read (its median needs
  // the frames around it): the masked spectra wait in a ring; zero frames past the end flush it.
  const delay = steady?.delay ?? 0;
  const ring: PendingFrame[] = Array.from({ length: delay + 1 }, () => ({
    start: 0,
    lre: bins(),
    lim: bins(),
    rre: bins(),
    rim: bins(),
  }));
  let frame = 0;
  for (let start = -size + hop; start < length + delay * hop; start += hop, frame++) {
    analyseFrame(pass, left, stereo ? right : undefined, start);
    if (stereo) smoothPowers(pass.spectrumL, pass.spectrumR, powers, keep);
    const slot = ring[frame % ring.length]!;
    slot.start = start;
    maskFrame(pass, slot, gains, stereo ? powers : undefined, maskPower);
    if (steady) steady.push(slot);
    if (frame < delay) continue;
    const out = ring[(frame - delay) % ring.length]!;
    if (steady) steady.apply(out);
    overlapAdd(pass, out, outL, stereo ? outR : undefined);
  }
  normaliseOverlap(pass.window, hop, outL, stereo ? outR : undefined);
  return [outL, outR];
}

/**
 * The windowed frame at `start` (zeros outside the signal) through one complex FFT (left real,
 * right imaginary; none: zeros), split into the left and right spectra.
 */
function analyseFrame(
  pass: StftPass,
  left: Float32Array,
  right: Float32Array | undefined,
  start: number,
): void {
  const { size, half, fft, window, re, im, spectrumL, spectrumR } = pass;
  const length = left.length;
  for (let i = 0; i < size; i++) {
    const t = start + i;
    const inside = t >= 0 && t < length;
    const w = window[i] ?? 0;
    re[i] = inside ? (left[t] ?? 0) * w : 0;
    im[i] = inside && right ? (right[t] ?? 0) * w : 0;
  }
  fft.transform(re, im);
  for (let k = 0; k <= half; k++) {
    const n = (size - k) % size;
    const zr = re[k] ?? 0;
    const zi = im[k] ?? 0;
    const cr = re[n] ?? 0;
    const ci = -(im[n] ?? 0);
    // Two real spectra from one complex FFT: L = (Z[k] + conj Z[-k]) / 2, R = (Z[k] - conj Z[-k]) / 2i.
    const lr = (zr + cr) / 2;
    const li = (zi + ci) / 2;
    const rr = (zi - ci) / 2;
    const ri = -(zr - cr) / 2;
    spectrumL.re[k] = lr;
    spectrumL.im[k] = li;
    spectrumR.re[k] = rr;
    spectrumR.im[k] = ri;
  }
}

/**
 * The frame's spectra times the mask into `slot`: the bin's gain, and in stereo (`powers` given)
 * the left/right similarity raised to `maskPower` (none where they are unrelated or opposed).
 */
function maskFrame(
  pass: StftPass,
  slot: MaskedFrame,
  gains: Float64Array,
  powers: SmoothedPowers | undefined,
  maskPower: number,
): void {
  const { half, spectrumL, spectrumR } = pass;
  for (let k = 0; k <= half; k++) {
    let mask = gains[k] ?? 0;
    if (powers && mask > 0) {
      const power = (powers.ll[k] ?? 0) + (powers.rr[k] ?? 0);
      const similarity = power > 1e-20 ? (2 * (powers.lr[k] ?? 0)) / power : 0;
      const squared = similarity * similarity;
      mask *=
        similarity <= 0
          ? 0
          : maskPower === 4
            ? squared * squared
            : Math.min(1, similarity) ** maskPower;
    }
    slot.lre[k] = spectrumL.re[k]! * mask;
    slot.lim[k] = spectrumL.im[k]! * mask;
    slot.rre[k] = spectrumR.re[k]! * mask;
    slot.rim[k] = spectrumR.im[k]! * mask;
  }
}

/** A masked frame back through the inverse FFT, windowed and added into the output (right: stereo). */
function overlapAdd(
  pass: StftPass,
  frame: PendingFrame,
  outL: Float32Array,
  outR: Float32Array | undefined,
): void {
  const { size, half, fft, window, re, im } = pass;
  const length = outL.length;
  for (let k = 0; k <= half; k++) {
    const n = (size - k) % size;
    // Pack the masked left and right back into one Hermitian-pair spectrum: Y = VL + i·VR.
    const vlr = frame.lre[k]!;
    const vli = frame.lim[k]!;
    const vrr = frame.rre[k]!;
    const vri = frame.rim[k]!;
    re[k] = vlr - vri;
    im[k] = vli + vrr;
    if (n !== k) {
      re[n] = vlr + vri;
      im[n] = -vli + vrr;
    }
  }
  fft.transform(re, im, true);
  for (let i = 0; i < size; i++) {
    const t = frame.start + i;
    if (t < 0 || t >= length) continue;
    const w = window[i] ?? 0;
    outL[t] = (outL[t] ?? 0) + (re[i] ?? 0) * w;
    if (outR) outR[t] = (outR[t] ?? 0) + (im[i] ?? 0) * w;
  }
}

/** Divides out the windows' summed squares (frames start on multiples of `hop`). */
function normaliseOverlap(
  window: Float64Array,
  hop: number,
  outL: Float32Array,
  outR: Float32Array | undefined,
): void {
  // Sample t is covered at offsets t mod hop + j·hop.
  const norm = new Float64Array(hop);
  for (let phase = 0; phase < hop; phase++) {
    for (let offset = phase; offset < window.length; offset += hop)
      norm[phase]! += (window[offset] ?? 0) ** 2;
  }
  for (let t = 0; t < outL.length; t++) {
    const n = norm[t % hop] ?? 0;
    outL[t] = n > 1e-9 ? (outL[t] ?? 0) / n : 0;
    if (outR) outR[t] = n > 1e-9 ? (outR[t] ?? 0) / n : 0;
  }
}

interface MaskedFrame {
  lre: Float64Array;
  lim: Float64Array;
  rre: Float64Array;
  rim: Float64Array;
}

/**
 * Steady-tone suppression (after the harmonic/percussive idea of median filtering, on a long time
 * scale): per bin up to `STEADY_TOP_HZ`, the median of the centre-masked magnitude over the
 * surrounding `steadySeconds` is the part that holds still (sustained synths, organ, pads, held
 * chords); a voice glides and flutters in pitch, so its harmonics leave a bin within a fraction of
 * that. The frame keeps 1 - depth·min(1, median/magnitude)² of each bin. Per bin the window's values
 * are kept sorted (insert the new, drop the oldest: O(window) per bin and frame).
 */
const STEADY_TOP_HZ = 6000;

function steadyFilter(options: SeparationOptions, size: number, binCount: number, hop: number) {
  const seconds = options.steadySeconds ?? 0;
  const depth = options.steadyDepth ?? 0.8;
  const rate = options.sampleRate ?? 44100;
  if (!(seconds > 0) || depth <= 0) return undefined;
  const span = Math.max(3, Math.round((seconds * rate) / hop) | 1);
  const delay = (span - 1) / 2;
  const top = Math.min(binCount, Math.ceil((STEADY_TOP_HZ * size) / rate) + 1);
  const sorted = new Float64Array(top * span);
  const history = new Float64Array(top * span);
  let count = 0;
  const magnitude = (f: MaskedFrame, k: number) =>
    Math.sqrt(f.lre[k]! ** 2 + f.lim[k]! ** 2) + Math.sqrt(f.rre[k]! ** 2 + f.rim[k]! ** 2);
  return {
    delay,
    push(f: MaskedFrame) {
      const filled = Math.min(count, span);
      const at = count % span;
      for (let k = 0; k < top; k++) {
        const base = k * span;
        const value = magnitude(f, k);
        let n = filled;
        if (count >= span) {
          // Drop the oldest value from the sorted window.
          const old = history[base + at]!;
          let p = 0;
          while (p < n - 1 && sorted[base + p]! !== old) p++;
          for (let q = p; q < n - 1; q++) sorted[base + q] = sorted[base + q + 1]!;
          n--;
        }
        let q = n;
        while (q > 0 && sorted[base + q - 1]! > value) {
          sorted[base + q] = sorted[base + q - 1]!;
          q--;
        }
        sorted[base + q] = value;
        history[base + at] = value;
      }
      count++;
    },
    apply(f: MaskedFrame) {
      const n = Math.min(count, span);
      for (let k = 0; k < top; k++) {
        const median = sorted[k * span + (n >> 1)]!;
        const value = magnitude(f, k);
        const ratio = value > 1e-12 ? Math.min(1, median / value) : 1;
        const gain = 1 - depth * ratio * ratio;
        f.lre[k]! *= gain;
        f.lim[k]! *= gain;
        f.rre[k]! *= gain;
        f.rim[k]! *= gain;
      }
    },
  };
}
