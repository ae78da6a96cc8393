import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import type { PcmAudio } from './pcm';
import { sniffMediaKind } from './sniff';
import { parseWav, WavFormatError } from '../../src/dsp/wav-parse';

/** A file that cannot be decoded here; the message is meant for the user (it ends up in task.error). */
export class AudioDecodeError extends Error {
  override name = 'AudioDecodeError';
}

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: { message: string }[];
}

function toPcm(decoded: Decoded, format: string): PcmAudio {
  if (decoded.samplesDecoded === 0 || decoded.channelData.length === 0 || !decoded.sampleRate) {
    const why = decoded.errors[0]?.message;
    throw new AudioDecodeError(
      `the ${format} file holds no audio that could be decoded${why ? ` (${why})` : ''}`,
    );
  }
  const seconds = decoded.samplesDecoded / decoded.sampleRate;
  if (decoded.errors.length > 0 && seconds < MIN_SECONDS_WITH_ERRORS) {
    // Random bytes named .mp3: mpg123 finds a few false frame headers in them and "decodes" a
    // fraction of a second of noise between its errors. That is not a song.
    throw new AudioDecodeError(
      `the file is not readable ${format} audio (only ${seconds.toFixed(2)} s came out of it, ` +
        `with ${decoded.errors.length} decoding errors)`,
    );
  }
  const channels = decoded.channelData.map((c) => c.slice(0, decoded.samplesDecoded));
  return { sampleRate: decoded.sampleRate, channels };
}

/** Less audio than this, between decoding errors, means the file is something else. */
const MIN_SECONDS_WITH_ERRORS = 1;

async function withDecoder<D extends { ready: Promise<void>; free: () => void }, T>(
  decoder: D,
  use: (d: D) => Promise<T> | T,
): Promise<T> {
  await decoder.ready;
  try {
    return await use(decoder);
  } finally {
    decoder.free();
  }
}

/** Absolute path of an executable on the PATH (read at call time), or undefined. */
export function findOnPath(
  name: string,
  pathVariable = process.env.PATH ?? '',
): string | undefined {
  const suffixes = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const candidate = join(dir, name + suffix);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here: keep looking
      }
    }
  }
  return undefined;
}

/** Runs ffmpeg to turn any container it knows into a 16-bit WAV on stdout. */
function decodeWithFfmpeg(ffmpeg: string, path: string): Promise<PcmAudio> {
  return new Promise((resolve, reject) => {
    const args = [
      '-nostdin',
      '-v',
      'error',
      '-i',
      path,
      '-vn',
      '-f',
      'wav',
      '-acodec',
      'pcm_s16le',
      '-',
    ];
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', (error) =>
      reject(new AudioDecodeError(`ffmpeg could not be started: ${error.message}`)),
    );
    child.on('close', (code) => {
      const lastLine = stderr.trim().split('\n').pop() ?? '';
      if (code !== 0) {
        reject(
          new AudioDecodeError(
            `ffmpeg could not decode the file${lastLine ? `: ${lastLine}` : ''}`,
          ),
        );
        return;
      }
      try {
        resolve(parseWav(Buffer.concat(out)));
      } catch {
        reject(new AudioDecodeError('the file has no audio track ffmpeg could decode'));
      }
    });
  });
}

/**
 * Decodes by magic bytes first, content type second: WAV, MP3, FLAC, Ogg Opus/Vorbis, and video (or
 * other containers) with ffmpeg when one is on the PATH.
 */
export async function decodeAudioFile(path: string, contentType?: string): Promise<PcmAudio> {
  const bytes = new Uint8Array(await readFile(path));
  const kind = sniffMediaKind(bytes, contentType);
  switch (kind) {
    case 'wav':
      try {
        return parseWav(bytes);
      } catch (error) {
        if (error instanceof WavFormatError)
          throw new AudioDecodeError(`unreadable WAV file: ${error.message}`);
        throw error;
      }
    case 'mp3':
      return withDecoder(new MPEGDecoder(), (d) => toPcm(d.decode(bytes), 'MP3'));
    case 'flac':
      return withDecoder(new FLACDecoder(), async (d) => toPcm(await d.decodeFile(bytes), 'FLAC'));
    case 'ogg-opus':
      return withDecoder(new OggOpusDecoder(), async (d) =>
        toPcm(await d.decodeFile(bytes), 'Ogg Opus'),
      );
    case 'ogg-vorbis':
      return withDecoder(new OggVorbisDecoder(), async (d) =>
        toPcm(await d.decodeFile(bytes), 'Ogg Vorbis'),
      );
    case 'video': {
      const ffmpeg = findOnPath('ffmpeg');
      if (!ffmpeg) {
        const what = contentType?.startsWith('audio/') ? `${contentType} audio` : 'video';
        throw new AudioDecodeError(`${what} needs ffmpeg on the PATH; none was found`);
      }
      return decodeWithFfmpeg(ffmpeg, path);
    }
    case 'unknown':
      throw new AudioDecodeError(
        'unknown or unsupported audio format ' +
          '(supported: WAV, MP3, FLAC, Ogg Opus, Ogg Vorbis; video with ffmpeg)',
      );
  }
}
