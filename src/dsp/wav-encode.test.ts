import { describe, expect, it } from 'vitest';
import { encodeWav, synthWav } from './wav-encode';
import { WavFormatError, parseWav } from './wav-parse';

describe('wav-encode', () => {
  it('writes a 44-byte PCM header and interleaved 16-bit samples the reader reads back', () => {
    const left = Float32Array.from([0, 0.5, -0.5, 1]);
    const right = Float32Array.from([0.25, -1, 2, -2]);
    const bytes = encodeWav({ sampleRate: 8000, channels: [left, right] });
    expect(bytes.byteLength).toBe(44 + 4 * 2 * 2);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(String.fromCharCode(...bytes.subarray(8, 16))).toBe('WAVEfmt ');
    expect(view.getUint32(4, true)).toBe(36 + 16);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(28, true)).toBe(8000 * 4);
    // interleaved, clamped, the full negative range used
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((k) => view.getInt16(44 + k * 2, true))).toEqual([
      0, 8192, 16384, -32768, -16384, 32767, 32767, -32768,
    ]);
    const back = parseWav(bytes);
    expect(back.sampleRate).toBe(8000);
    expect(back.channels).toHaveLength(2);
    expect(back.channels[0]![1]).toBeCloseTo(0.5, 3);
    expect(back.channels[1]![0]).toBeCloseTo(0.25, 3);
  });

  it('synthesises from a function, and a foreign format code is refused by the reader', () => {
    const tone = synthWav(1000, 10, 1, (i) => (i % 2 ? 0.5 : -0.5));
    expect(Array.from(parseWav(tone).channels[0]!, (s) => Math.round(s * 2))).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 1 : -1)),
    );
    const alaw = synthWav(1000, 10, 1, () => 0, { formatCode: 6 });
    expect(new DataView(alaw.buffer).getUint16(20, true)).toBe(6);
    expect(() => parseWav(alaw)).toThrow(WavFormatError);
  });
});
