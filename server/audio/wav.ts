import type { PcmAudio } from './pcm';
import { pcmLength } from './pcm';

/** RIFF/WAVE with 16-bit PCM samples, channels interleaved. */
export function encodeWav(audio: PcmAudio): Buffer {
  const channels = audio.channels.length;
  const frames = pcmLength(audio);
  const dataBytes = frames * channels * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(audio.sampleRate, 24);
  out.writeUInt32LE(audio.sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (const channel of audio.channels) {
      const s = Math.max(-1, Math.min(1, channel[i] ?? 0));
      out.writeInt16LE(Math.round(s < 0 ? s * 32768 : s * 32767), offset);
      offset += 2;
    }
  }
  return out;
}
