import { encodeWav as encodeWavBytes } from '../../src/dsp/wav-encode';
import type { PcmAudio } from './pcm';

/** RIFF/WAVE with 16-bit PCM samples, channels interleaved (the shared encoder, as a Buffer). */
export function encodeWav(audio: PcmAudio): Buffer {
  const bytes = encodeWavBytes(audio);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
