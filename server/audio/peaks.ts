import type { PcmAudio } from './pcm';
import { pcmDuration } from './pcm';

/**
 * Waveform overview for the editor: per channel, the largest absolute sample in each bucket of
 * 1/peaksPerSecond seconds (the last bucket may be shorter), clamped to 0..1, rounded to 4 decimals so
 * the JSON stays small.
 */
export function computePeaks(audio: PcmAudio, peaksPerSecond: number): number[][] {
  if (!(peaksPerSecond > 0) || !Number.isFinite(peaksPerSecond)) {
    throw new RangeError(`peaksPerSecond must be a positive number, got ${peaksPerSecond}`);
  }
  const buckets = Math.ceil(pcmDuration(audio) * peaksPerSecond - 1e-9);
  const samplesPerBucket = audio.sampleRate / peaksPerSecond;
  return audio.channels.map((channel) => {
    const peaks = new Array<number>(buckets);
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor(b * samplesPerBucket);
      const to = Math.min(
        channel.length,
        Math.max(from + 1, Math.floor((b + 1) * samplesPerBucket)),
      );
      let peak = 0;
      for (let i = from; i < to; i++) {
        const v = Math.abs(channel[i] ?? 0);
        if (v > peak) peak = v;
      }
      peaks[b] = Math.round(Math.min(1, peak) * 10000) / 10000;
    }
    return peaks;
  });
}
