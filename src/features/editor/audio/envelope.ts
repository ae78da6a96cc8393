/**
 * The waveform's picture data, from the PCM the analysis already decoded: the largest absolute
 * sample of each block, as wavesurfer draws it (its line renderer takes |sample| per pixel).
 * Handing these to wavesurfer as peaks spares it a second download and decode of the stem: on a
 * 60-minute stem its decode and first render ran in one main-thread task of 190-540 ms after the
 * editor was usable (bench/editor-real, measured).
 */
export interface WaveformPeaks {
  /** Largest |sample| per block, 0..1 (not normalised: wavesurfer normalises). */
  readonly peaks: Float32Array;
  /** Seconds of audio the peaks span. */
  readonly duration: number;
}

/** At most this many peaks: 16 MB for a 60-minute song; a 4-minute song keeps 2,756 per second. */
const MAX_PEAKS = 4_000_000;
/** At least this many samples per peak. */
const MIN_BLOCK = 4;

/** Samples per peak for `length` samples. */
export function blockSize(length: number): number {
  return Math.max(MIN_BLOCK, Math.ceil(length / MAX_PEAKS));
}

/**
 * The peaks of `mono` in steps of `blocksPerStep` blocks (a step is a few ms of work): the
 * iterator's result is the whole envelope.
 */
export function* envelopeSteps(
  mono: Float32Array,
  sampleRate: number,
  blocksPerStep = 1 << 16,
): Generator<undefined, WaveformPeaks> {
  const block = blockSize(mono.length);
  const count = Math.ceil(mono.length / block);
  const peaks = new Float32Array(count);
  for (let b = 0; b < count;) {
    const stepEnd = Math.min(count, b + blocksPerStep);
    for (; b < stepEnd; b++) {
      const from = b * block;
      const to = Math.min(mono.length, from + block);
      let peak = 0;
      for (let i = from; i < to; i++) {
        const v = Math.abs(mono[i] ?? 0);
        if (v > peak) peak = v;
      }
      peaks[b] = Math.min(1, peak);
    }
    if (b < count) yield;
  }
  return { peaks, duration: mono.length / sampleRate };
}

/** The whole envelope at once (in the worker). */
export function computeEnvelope(mono: Float32Array, sampleRate: number): WaveformPeaks {
  const steps = envelopeSteps(mono, sampleRate, Infinity);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
