/**
 * RIFF/WAVE reading, shared by the service (server/audio/decode.ts) and the editor's analysis
 * worker (src/features/editor/audio/onset-worker.ts), as the FFT is.
 */

/** Decoded audio: one Float32Array per channel, samples in -1..1 (server/audio/pcm.ts's shape). */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

/** Thrown for WAV bytes this parser cannot read; the service turns it into an AudioDecodeError. */
export class WavFormatError extends Error {}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export const isWav = (bytes: Uint8Array): boolean =>
  bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

interface Format {
  code: number;
  channels: number;
  sampleRate: number;
  bits: number;
}

/** The samples of a WAV file, read in place (no copy of its data). */
export interface WavSamples {
  sampleRate: number;
  channelCount: number;
  frames: number;
  /** Sample `channel` of frame `frame`, in -1..1. */
  sample(frame: number, channel: number): number;
}

/** The layout of a RIFF/WAVE file's samples: PCM 8/16/24/32-bit integer or 32/64-bit float. */
export function wavSamples(bytes: Uint8Array): WavSamples {
  if (!isWav(bytes)) throw new WavFormatError('not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Format | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') format = readFormat(view, body, size);
    if (id === 'data') {
      if (!format) throw new WavFormatError('the data chunk comes before the fmt chunk');
      // Streamed WAVs (e.g. from a pipe) carry 0 or 0xFFFFFFFF as the size: take what is there.
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      const read = sampleReader(view, format);
      const bytesPerSample = format.bits / 8;
      const frameBytes = bytesPerSample * format.channels;
      return {
        sampleRate: format.sampleRate,
        channelCount: format.channels,
        frames: Math.floor((end - body) / frameBytes),
        sample: (frame, channel) => read(body + frame * frameBytes + channel * bytesPerSample),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError('no data chunk found');
}

/** RIFF/WAVE: PCM 8/16/24/32-bit integer, 32/64-bit float, any channel count, extensible headers. */
export function parseWav(bytes: Uint8Array): PcmAudio {
  const wav = wavSamples(bytes);
  const channels = Array.from({ length: wav.channelCount }, () => new Float32Array(wav.frames));
  channels.forEach((channel, c) => {
    for (let i = 0; i < wav.frames; i++) channel[i] = wav.sample(i, c);
  });
  return { sampleRate: wav.sampleRate, channels };
}

function readFormat(view: DataView, at: number, size: number): Format {
  if (size < 16) throw new WavFormatError('the fmt chunk is too short');
  let code = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const bits = view.getUint16(at + 14, true);
  // Extensible: the real format code is the first two bytes of the sub-format GUID.
  if (code === WAVE_FORMAT_EXTENSIBLE && size >= 26) code = view.getUint16(at + 24, true);
  if (channels === 0 || sampleRate === 0) throw new WavFormatError('no channels or no sample rate');
  return { code, channels, sampleRate, bits };
}

function sampleReader(view: DataView, f: Format): (at: number) => number {
  if (f.code === WAVE_FORMAT_IEEE_FLOAT && f.bits === 32) return (at) => view.getFloat32(at, true);
  if (f.code === WAVE_FORMAT_IEEE_FLOAT && f.bits === 64) return (at) => view.getFloat64(at, true);
  if (f.code !== WAVE_FORMAT_PCM)
    throw new WavFormatError(`WAV format code ${f.code} is not supported`);
  switch (f.bits) {
    case 8:
      return (at) => (view.getUint8(at) - 128) / 128;
    case 16:
      return (at) => view.getInt16(at, true) / 32768;
    case 24:
      return (at) =>
        ((view.getInt8(at + 2) << 16) | (view.getUint8(at + 1) << 8) | view.getUint8(at)) / 8388608;
    case 32:
      return (at) => view.getInt32(at, true) / 2147483648;
    default:
      throw new WavFormatError(`${f.bits}-bit integer WAV is not supported`);
  }
}
