import { describe, expect, it } from 'vitest';
import { decodeText, readTimings } from './index';

const utf16 = (text: string, bigEndian: boolean, bom: boolean) => {
  const out: number[] = bom ? (bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (bigEndian) out.push(c >> 8, c & 0xff);
    else out.push(c & 0xff, c >> 8);
  }
  return new Uint8Array(out);
};

describe('decodeText', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const bytes = new TextEncoder().encode('[00:01.00]Café');
    expect(decodeText(bytes)).toEqual({ text: '[00:01.00]Café', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({
      text: '[00:01.00]Café',
      encoding: 'utf-8',
    });
  });

  it.each([
    [false, true, 'utf-16le'],
    [true, true, 'utf-16be'],
    [false, false, 'utf-16le'],
    [true, false, 'utf-16be'],
  ])('reads UTF-16 (big endian %s, BOM %s)', (bigEndian, bom, encoding) => {
    const text = '1\r\n00:00:01,000 --> 00:00:02,500\r\nÀ bientôt ♪\r\n';
    expect(decodeText(utf16(text, bigEndian, bom))).toEqual({ text, encoding });
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    // "Señor – “hi”" in CP1252: ñ = F1, en dash = 96, quotes = 93/94.
    const bytes = new Uint8Array([
      0x53, 0x65, 0xf1, 0x6f, 0x72, 0x20, 0x96, 0x20, 0x93, 0x68, 0x69, 0x94,
    ]);
    expect(decodeText(bytes)).toEqual({ text: 'Señor – “hi”', encoding: 'windows-1252' });
  });

  it('strips a BOM from a string', () => {
    expect(decodeText('\uFEFF[00:01.00]a').text).toBe('[00:01.00]a');
  });

  it('reads an LRC file in UTF-16 BE without a BOM end to end', () => {
    const result = readTimings(utf16('[00:01.00]Ça va\n[00:03.00]\n', true, false));
    expect(result.encoding).toBe('utf-16be');
    expect(result.items.map((x) => x.text)).toEqual(['Ça', 'va']);
  });
});
