// Fixtures: fixtures/tone.mp3 and fixtures/tone.ogg (Vorbis) were made with
//   sox -R -n -r 22050 -c 2 tone.<ext> synth 1 sine 440 sine 660 vol 0.5
// (left 440 Hz, right 660 Hz). No Opus fixture: this machine's sox cannot write Opus.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeAudioFile, findOnPath } from './decode';
import { pcmDuration } from './pcm';
import { sniffMediaKind } from './sniff';
import { encodeWav } from './wav';
import { powerAt } from './test-signals';

const dir = mkdtempSync(join(tmpdir(), 'decode-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const demoSong = join(import.meta.dirname, '..', 'seed', 'assets', 'demo-song.flac');

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The error a decode fails with (the test fails if it resolves). */
async function failure(path: string, contentType?: string): Promise<unknown> {
  return decodeAudioFile(path, contentType).then(
    () => new Error('decoded, but should have failed'),
    (error: unknown) => error,
  );
}

describe('decodeAudioFile', () => {
  it('decodes the committed demo song (FLAC)', async () => {
    const audio = await decodeAudioFile(demoSong, 'audio/flac');
    expect(audio.channels).toHaveLength(2);
    expect(audio.sampleRate).toBe(22050);
    expect(pcmDuration(audio)).toBeCloseTo(50.4, 2);
  });

  it.each([
    ['tone.mp3', 'audio/mpeg'],
    ['tone.ogg', 'audio/ogg'],
  ])(
    'decodes %s with the left tone on the left and the right tone on the right',
    async (name, type) => {
      const audio = await decodeAudioFile(fixture(name), type);
      expect(audio.sampleRate).toBe(22050);
      expect(audio.channels).toHaveLength(2);
      expect(pcmDuration(audio)).toBeGreaterThan(0.95);
      expect(pcmDuration(audio)).toBeLessThan(1.2);
      const [left, right] = audio.channels;
      if (!left || !right) throw new Error('two channels expected');
      const from = 2205;
      const to = from + 11025;
      expect(powerAt(left, 22050, 440, from, to)).toBeGreaterThan(0.1);
      expect(powerAt(left, 22050, 660, from, to)).toBeLessThan(0.001);
      expect(powerAt(right, 22050, 660, from, to)).toBeGreaterThan(0.1);
    },
  );

  it('detects the format by magic bytes before the content type', async () => {
    const audio = await decodeAudioFile(fixture('tone.mp3'), 'audio/wav');
    expect(audio.channels).toHaveLength(2);
  });

  it('rejects unknown bytes with AudioDecodeError', async () => {
    const path = file(
      'noise.bin',
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251),
    );
    const error = await failure(path, 'audio/x-unknown');
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as Error).message).toMatch(/unknown or unsupported audio format/);
  });

  it('rejects random bytes named .mp3 (a few false frame headers are not a song)', async () => {
    let seed = 13;
    const bytes = Uint8Array.from({ length: 40_000 }, () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed >>> 24;
    });
    const error = await failure(file('random.mp3', bytes), 'audio/mpeg');
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as Error).message).toMatch(
      /^the file is not readable MP3 audio \(only 0\.\d\d s/,
    );
    // Text named .mp3: no frame at all.
    const text = Buffer.from('This is not a song.\n'.repeat(500));
    expect(await failure(file('text.mp3', text), 'audio/mpeg')).toBeInstanceOf(AudioDecodeError);
  });

  it('rejects a corrupt WAV and a FLAC with no frames', async () => {
    const wav = Buffer.from('RIFF\x24\x00\x00\x00WAVEjunk\x04\x00\x00\x00abcd', 'latin1');
    expect(await failure(file('bad.wav', wav))).toBeInstanceOf(AudioDecodeError);
    const flac = Buffer.concat([Buffer.from('fLaC', 'ascii'), Buffer.alloc(200, 0x55)]);
    expect(await failure(file('bad.flac', flac))).toBeInstanceOf(AudioDecodeError);
  });

  it('says video needs ffmpeg when none is on the PATH', async () => {
    const mp4 = Buffer.concat([
      Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00', 'latin1'),
      Buffer.alloc(64),
    ]);
    const path = file('clip.mp4', mp4);
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      expect(findOnPath('ffmpeg')).toBeUndefined();
      const error = await failure(path, 'video/mp4');
      expect(error).toBeInstanceOf(AudioDecodeError);
      expect((error as Error).message).toBe('video needs ffmpeg on the PATH; none was found');
      const webm = await failure(
        file('clip.webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])),
      );
      expect((webm as Error).message).toBe('video needs ffmpeg on the PATH; none was found');
    } finally {
      process.env.PATH = saved;
    }
  });

  it.skipIf(process.platform === 'win32')(
    'decodes video through an ffmpeg on the PATH, reading its streamed WAV',
    async () => {
      const bin = join(dir, 'bin');
      mkdirSync(bin, { recursive: true });
      // A stand-in ffmpeg: prints a WAV whose sizes are unknown (0xFFFFFFFF), as a pipe gives them.
      const wav = encodeWav({ sampleRate: 8000, channels: [Float32Array.from([0.5, -0.25, 0])] });
      wav.writeUInt32LE(0xffffffff, 4);
      wav.writeUInt32LE(0xffffffff, 40);
      const wavPath = file('streamed.wav', wav);
      const fake = join(bin, 'ffmpeg');
      writeFileSync(fake, `#!/bin/sh\ncat '${wavPath}'\n`);
      chmodSync(fake, 0o755);
      const mp4 = Buffer.concat([
        Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1'),
        Buffer.alloc(32),
      ]);
      const saved = process.env.PATH;
      process.env.PATH = `${bin}:${saved ?? ''}`;
      try {
        const audio = await decodeAudioFile(file('movie.mp4', mp4), 'video/mp4');
        expect(audio.sampleRate).toBe(8000);
        expect(Array.from(audio.channels[0] ?? [])).toEqual([0.5, -0.25, 0]);
      } finally {
        process.env.PATH = saved;
      }
    },
  );
});

describe('sniffMediaKind', () => {
  it('knows the formats by their first bytes, then by content type', () => {
    const bytes = (text: string) => Buffer.from(text, 'latin1');
    expect(sniffMediaKind(bytes('RIFF\x00\x00\x00\x00WAVEfmt '))).toBe('wav');
    expect(sniffMediaKind(bytes('fLaC\x00\x00\x00\x22'))).toBe('flac');
    expect(sniffMediaKind(bytes('ID3\x04\x00\x00\x00\x00\x00\x00fLaC'))).toBe('flac');
    expect(sniffMediaKind(bytes('ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00'))).toBe('mp3');
    expect(sniffMediaKind(bytes('OggS\x00\x02' + '\x00'.repeat(22) + 'OpusHead'))).toBe('ogg-opus');
    expect(sniffMediaKind(bytes('OggS\x00\x02' + '\x00'.repeat(23) + '\x01vorbis'))).toBe(
      'ogg-vorbis',
    );
    expect(sniffMediaKind(bytes('\xff\xf1\x50\x80'))).toBe('unknown'); // ADTS AAC is not MP3
    expect(sniffMediaKind(bytes('????????????'), 'video/quicktime')).toBe('video');
    expect(sniffMediaKind(bytes('????????????'), 'audio/mpeg; charset=x')).toBe('mp3');
  });
});
