/** Decoded audio: one Float32Array per channel, samples in -1..1, all channels the same length. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export const pcmLength = (a: PcmAudio): number => a.channels[0]?.length ?? 0;

export const pcmDuration = (a: PcmAudio): number =>
  a.sampleRate > 0 ? pcmLength(a) / a.sampleRate : 0;

/** Average of all channels (a copy, even for mono input). */
export function mixToMono(a: PcmAudio): Float32Array {
  const out = new Float32Array(pcmLength(a));
  const count = a.channels.length;
  if (count === 0) return out;
  for (const channel of a.channels) {
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0) / count;
  }
  return out;
}
