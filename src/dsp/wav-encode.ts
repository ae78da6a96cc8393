/**
 * RIFF/WAVE writing (16-bit PCM), the one encoder for the service (server/audio/wav.ts), the tests
 * and the benches, beside the reader (wav-parse.ts). Pure: bytes in a Uint8Array, no Node Buffer.
 */
import type { PcmAudio } from './wav-parse';

const HEADER_BYTES = 44;

/** The 44-byte header of a PCM file; `formatCode` other than 1 only to test readers that refuse it. */
function writeHeader(
  view: DataView,
  rate: number,
  channels: number,
  dataBytes: number,
  formatCode: number,
) {
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, formatCode, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
}

/** -1..1 (clamped) to a 16-bit sample, the full negative range used. */
const toInt16 = (s: number) => {
  const c = Math.max(-1, Math.min(1, s));
  return Math.round(c < 0 ? c * 32768 : c * 32767);
};

export interface SynthWavOptions {
  /** The fmt chunk's format code (default 1, PCM); only tests write another to see it refused. */
  formatCode?: number;
}

/**
 * A 16-bit PCM WAV of `frames` frames and `channels` channels, sample `at(frame, channel)` in -1..1
 * (clamped; NaN writes 0): for signals made up on the fly without a Float32Array each.
 */
export function synthWav(
  rate: number,
  frames: number,
  channels: number,
  at: (frame: number, channel: number) => number,
  options: SynthWavOptions = {},
): Uint8Array<ArrayBuffer> {
  const dataBytes = frames * channels * 2;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  writeHeader(view, rate, channels, dataBytes, options.formatCode ?? 1);
  let offset = HEADER_BYTES;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      view.setInt16(offset, toInt16(at(i, c)), true);
      offset += 2;
    }
  }
  return bytes;
}

/** Decoded audio as a 16-bit PCM WAV, channels interleaved, as long as the first channel. */
export function encodeWav(audio: PcmAudio): Uint8Array<ArrayBuffer> {
  const frames = audio.channels[0]?.length ?? 0;
  return synthWav(
    audio.sampleRate,
    frames,
    audio.channels.length,
    (i, c) => audio.channels[c]![i] ?? 0,
  );
}
