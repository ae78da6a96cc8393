import { synthWav } from '../../src/dsp/wav-encode';
import type { TimelineItem } from '../../src/features/editor/timeline/types';

/** A mono 16-bit WAV as a blob URL: the demo needs audio without shipping files. */
export function wavUrl(duration: number, sample: (t: number) => number, rate = 16_000): string {
  const wav = synthWav(rate, Math.floor(duration * rate), 1, (i) => sample(i / rate));
  return URL.createObjectURL(new Blob([wav], { type: 'audio/wav' }));
}

/** A "voice": a tone with an attack/decay envelope inside every word, silence between. */
export function vocalSample(items: readonly TimelineItem[]) {
  const step = (items[1]?.start ?? 1) - (items[0]?.start ?? 0);
  return (t: number) => {
    const item = items[Math.floor(t / step)];
    if (!item || t < item.start || t > item.end) return 0;
    const u = (t - item.start) / (item.end - item.start);
    const env = Math.min(1, u * 12) * Math.pow(1 - u, 0.7) * (0.5 + 0.5 * ((item.line % 3) / 2));
    const f = 220 + 40 * (item.line % 5) + 30 * Math.sin(u * 6);
    return 0.8 * env * Math.sin(2 * Math.PI * f * t);
  };
}

export const instrumentalSample = (t: number) =>
  0.25 * Math.sin(2 * Math.PI * 110 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.5 * t)) +
  (Math.floor(t * 2) % 2 === 0
    ? 0.3 * Math.exp(-((t * 2) % 1) * 20) * Math.sin(2 * Math.PI * 60 * t)
    : 0);
