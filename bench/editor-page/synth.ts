import type { TimelineItem } from '../../src/features/editor/timeline/types';

/** A mono 16-bit WAV as a blob URL: the demo needs audio without shipping files. */
export function wavUrl(duration: number, sample: (t: number) => number, rate = 16_000): string {
  const n = Math.floor(duration * rate);
  const buf = new ArrayBuffer(44 + n * 2);
  const v = new DataView(buf);
  const str = (o: number, s: string) =>
    [...s].forEach((c, i) => v.setUint8(o + i, c.charCodeAt(0)));
  str(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  str(8, 'WAVEfmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, 'data');
  v.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) {
    const s = Math.max(-1, Math.min(1, sample(i / rate)));
    v.setInt16(44 + i * 2, s * 32767, true);
  }
  return URL.createObjectURL(new Blob([buf], { type: 'audio/wav' }));
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
