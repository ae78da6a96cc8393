// A loud, centre-panned synthetic drum kit (kick, snare, hi-hats at 120 bpm) added to a mix: a crude
// stand-in for a full band, for the aligner bench (the centre-mask separation keeps centred drums in
// the vocal stem, as it would a real kit).
import type { PcmAudio } from '../../server/audio/pcm';

/** `mix` with drums whose peak is `level` times the mix's first channel's peak (a new copy). */
export function withDrums(mix: PcmAudio, level: number): PcmAudio {
  const rate = mix.sampleRate;
  const n = mix.channels[0]?.length ?? 0;
  const drums = new Float32Array(n);
  let seed = 3;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2;
  const add = (at: number, seconds: number, sample: (t: number) => number) => {
    for (let i = 0; i < seconds * rate && at + i < n; i++) {
      drums[at + i] = (drums[at + i] ?? 0) + sample(i / rate);
    }
  };
  const beat = 0.5;
  for (let b = 0; b * beat * rate < n; b++) {
    const at = Math.round(b * beat * rate);
    const kick = b % 2 === 0 ? 1 : 0.3;
    add(
      at,
      0.25,
      (t) => kick * Math.sin(2 * Math.PI * (50 + 100 * Math.exp(-t * 30)) * t) * Math.exp(-t * 12),
    );
    if (b % 2 === 1) {
      add(
        at,
        0.2,
        (t) => (0.7 * noise() + 0.3 * Math.sin(2 * Math.PI * 200 * t)) * Math.exp(-t * 20),
      );
    }
    for (const half of [0, 0.5]) {
      add(at + Math.round(half * beat * rate), 0.05, (t) => 0.3 * noise() * Math.exp(-t * 80));
    }
  }
  const peak = (c: Float32Array) => c.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  const scale = (level * peak(mix.channels[0] ?? drums)) / Math.max(1e-9, peak(drums));
  return {
    sampleRate: rate,
    channels: mix.channels.map((c) => c.map((x, i) => x + scale * (drums[i] ?? 0))),
  };
}
