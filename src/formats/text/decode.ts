/**
 * Bytes to text. Lyric files come from everywhere: UTF-8 with or without a BOM, UTF-16 (Windows
 * Notepad, some subtitle tools) with or without a BOM, and old Windows-1252 files (UltraStar songs,
 * SRT). TextDecoder exists in browsers and Node; 'utf-16be' and 'windows-1252' need ICU in Node, so
 * those two are done here.
 */
export interface DecodedText {
  text: string;
  encoding: string;
}

/** Windows-1252 bytes 0x80..0x9F (the rest is Latin-1); undefined bytes map to C1 controls. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const end = Math.min(bytes.length, at + CHUNK);
    const codes = new Array<number>(end - at);
    for (let i = at; i < end; i++) {
      const b = bytes[i]!;
      codes[i - at] = b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  const even = bytes.length - (bytes.length % 2);
  let data = bytes.subarray(0, even);
  if (bigEndian) {
    const swapped = new Uint8Array(even);
    for (let i = 0; i < even; i += 2) {
      swapped[i] = data[i + 1]!;
      swapped[i + 1] = data[i]!;
    }
    data = swapped;
  }
  return new TextDecoder('utf-16le').decode(data);
}

/** UTF-16 without a BOM: text in Latin scripts has a zero byte in every other position. */
function guessUtf16(bytes: Uint8Array): 'le' | 'be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) zeroEven++;
    if (bytes[i + 1] === 0) zeroOdd++;
  }
  const pairs = n / 2;
  if (zeroOdd > pairs * 0.3 && zeroEven < pairs * 0.05) return 'le';
  if (zeroEven > pairs * 0.3 && zeroOdd < pairs * 0.05) return 'be';
  return null;
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function decodeText(input: Uint8Array | string): DecodedText {
  if (typeof input === 'string') return { text: stripBom(input), encoding: 'utf-8' };
  const b = input;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return { text: decodeUtf8Lenient(b.subarray(3)), encoding: 'utf-8' };
  }
  if (b[0] === 0xff && b[1] === 0xfe)
    return { text: decodeUtf16(b.subarray(2), false), encoding: 'utf-16le' };
  if (b[0] === 0xfe && b[1] === 0xff)
    return { text: decodeUtf16(b.subarray(2), true), encoding: 'utf-16be' };
  const utf16 = guessUtf16(b);
  if (utf16) return { text: decodeUtf16(b, utf16 === 'be'), encoding: `utf-16${utf16}` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: the common legacy encoding of lyric and subtitle files in Western languages.
    return { text: decodeWindows1252(b), encoding: 'windows-1252' };
  }
}

/** With a UTF-8 BOM the file says what it is; a stray bad byte becomes U+FFFD rather than Latin-1. */
function decodeUtf8Lenient(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}
