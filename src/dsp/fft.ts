/**
 * In-place iterative radix-2 complex FFT on separate real/imaginary arrays. Tables are built once per
 * size, so one instance is meant to be reused for every frame of a signal. Shared by the browser
 * (onset detection, spectrogram) and the local service (stem separation): pure, no DOM, no Node.
 */
export class Fft {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new RangeError(`FFT size ${size} is not a power of 2`);
    this.size = size;
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
    const bits = Math.log2(size);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  /** Forward transform (e^{-i...}); `inverse` conjugates the twiddles and divides by the size. */
  transform(re: Float64Array, im: Float64Array, inverse = false): void {
    // Hot loop: indices are in range by construction, hence the non-null assertions.
    const n = this.size;
    const rev = this.reversed;
    const cos = this.cos;
    const sin = this.sin;
    for (let i = 0; i < n; i++) {
      const j = rev[i]!;
      if (j > i) {
        const tr = re[i]!;
        re[i] = re[j]!;
        re[j] = tr;
        const ti = im[i]!;
        im[i] = im[j]!;
        im[j] = ti;
      }
    }
    const sign = inverse ? -1 : 1;
    for (let half = 1; half < n; half *= 2) {
      const step = n / (2 * half);
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        for (let a = k; a < n; a += 2 * half) {
          const b = a + half;
          const br = re[b]!;
          const bi = im[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a]!;
          const ai = im[a]!;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
        }
      }
    }
    if (inverse) {
      const scale = 1 / n;
      for (let i = 0; i < n; i++) {
        re[i]! *= scale;
        im[i]! *= scale;
      }
    }
  }
}

/** Smallest power of two >= n. */
export const nextPowerOfTwo = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/** A Hann window of `size` points (periodic), for framing a signal before the FFT. */
export const hannWindow = (size: number): Float64Array =>
  Float64Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
