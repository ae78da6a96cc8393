import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudioFile } from './decode';
import { encodeWav } from './wav';

const dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A WAV written by hand, so the parser is checked against the format rather than against encodeWav. */
function wavFile(
  format: 1 | 3 | 0xfffe,
  bits: number,
  rate: number,
  frames: number[][],
  subFormat = 1,
): Buffer {
  const channels = frames[0]?.length ?? 1;
  const bytes = bits / 8;
  const fmtSize = format === 0xfffe ? 40 : 16;
  const data = Buffer.alloc(frames.length * channels * bytes);
  let at = 0;
  for (const frame of frames) {
    for (const v of frame) {
      if (format === 3 || subFormat === 3) data.writeFloatLE(v, at);
      else if (bits === 8) data.writeUInt8(Math.round(v * 127) + 128, at);
      else if (bits === 16) data.writeInt16LE(Math.round(v * 32767), at);
      else if (bits === 24) data.writeIntLE(Math.round(v * 8388607), at, 3);
      else data.writeInt32LE(Math.round(v * 2147483647), at);
      at += bytes;
    }
  }
  const fmt = Buffer.alloc(8 + fmtSize);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(fmtSize, 4);
  fmt.writeUInt16LE(format, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * channels * bytes, 16);
  fmt.writeUInt16LE(channels * bytes, 20);
  fmt.writeUInt16LE(bits, 22);
  if (format === 0xfffe) {
    fmt.writeUInt16LE(22, 24);
    fmt.writeUInt16LE(bits, 26);
    fmt.writeUInt16LE(subFormat, 32);
  }
  // An unrelated chunk before the data, as many encoders write one.
  const list = Buffer.from('LIST\x04\x00\x00\x00INFO', 'latin1');
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), fmt, list, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const frames = [
  [0, 0.5],
  [0.25, -0.5],
  [-0.75, 0.999],
  [-1, 0.125],
];

async function decodeBytes(name: string, bytes: Buffer) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return decodeAudioFile(path);
}

describe('WAV', () => {
  it.each([
    ['8-bit', 1, 8, 1 / 100],
    ['16-bit', 1, 16, 1e-4],
    ['24-bit', 1, 24, 1e-6],
    ['32-bit', 1, 32, 1e-6],
    ['float', 3, 32, 1e-7],
  ] as const)('decodes %s PCM', async (_name, format, bits, tolerance) => {
    const audio = await decodeBytes(
      `in-${bits}-${format}.wav`,
      wavFile(format, bits, 8000, frames),
    );
    expect(audio.sampleRate).toBe(8000);
    expect(audio.channels).toHaveLength(2);
    frames.forEach(([l, r], i) => {
      expect(Math.abs((audio.channels[0]?.[i] ?? NaN) - (l ?? 0))).toBeLessThanOrEqual(tolerance);
      expect(Math.abs((audio.channels[1]?.[i] ?? NaN) - (r ?? 0))).toBeLessThanOrEqual(tolerance);
    });
  });

  it('decodes an extensible float header with three channels', async () => {
    const three = frames.map(([l, r]) => [l ?? 0, r ?? 0, 0.5]);
    const audio = await decodeBytes('ext.wav', wavFile(0xfffe, 32, 48000, three, 3));
    expect(audio.channels).toHaveLength(3);
    expect(audio.channels[2]?.[3]).toBe(0.5);
    expect(audio.channels[0]?.[2]).toBe(-0.75);
  });

  it('round-trips 16-bit and float input through encodeWav', async () => {
    for (const [name, bytes] of [
      ['rt16.wav', wavFile(1, 16, 22050, frames)],
      ['rtf.wav', wavFile(3, 32, 22050, frames)],
    ] as const) {
      const first = await decodeBytes(name, bytes);
      const again = await decodeBytes(`again-${name}`, encodeWav(first));
      expect(again.sampleRate).toBe(22050);
      expect(again.channels).toHaveLength(2);
      first.channels.forEach((channel, c) =>
        channel.forEach((v, i) => expect(again.channels[c]?.[i]).toBeCloseTo(v, 4)),
      );
    }
  });

  it('writes a 16-bit PCM header and clamps out-of-range samples', () => {
    const bytes = encodeWav({ sampleRate: 44100, channels: [Float32Array.from([2, -2, 0])] });
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.readUInt16LE(20)).toBe(1);
    expect(bytes.readUInt16LE(34)).toBe(16);
    expect(bytes.readUInt32LE(40)).toBe(6);
    expect([bytes.readInt16LE(44), bytes.readInt16LE(46), bytes.readInt16LE(48)]).toEqual([
      32767, -32768, 0,
    ]);
  });
});
