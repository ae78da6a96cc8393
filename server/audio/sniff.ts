/** What a file holds, from its first bytes (magic numbers) or, failing that, its content type. */
export type MediaKind = 'wav' | 'mp3' | 'flac' | 'ogg-opus' | 'ogg-vorbis' | 'video' | 'unknown';

const text = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Bytes past an ID3v2 tag (MP3s and some FLACs start with one). */
function skipId3(bytes: Uint8Array): number {
  if (bytes.length < 10 || text(bytes, 0, 3) !== 'ID3') return 0;
  const size =
    ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** An MPEG audio frame header (layer I-III; ADTS AAC has layer bits 00 and is not MP3). */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  const b0 = bytes[at];
  const b1 = bytes[at + 1];
  return b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0;
}

function isVideoContainer(bytes: Uint8Array): boolean {
  // Matroska/WebM
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  const box = text(bytes, 4, 4);
  if (['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip'].includes(box)) return true; // MP4/MOV/M4A
  if (text(bytes, 0, 4) === 'RIFF' && text(bytes, 8, 3) === 'AVI') return true;
  if (text(bytes, 0, 3) === 'FLV') return true;
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0xba) return true; // MPEG-PS
  return bytes[0] === 0x47 && bytes[188] === 0x47; // MPEG-TS
}

export function sniffMediaKind(bytes: Uint8Array, contentType = ''): MediaKind {
  if (text(bytes, 0, 4) === 'RIFF' && text(bytes, 8, 4) === 'WAVE') return 'wav';
  const afterId3 = skipId3(bytes);
  if (text(bytes, afterId3, 4) === 'fLaC') return 'flac';
  if (text(bytes, 0, 4) === 'OggS') {
    const head = text(bytes, 0, Math.min(bytes.length, 512));
    if (head.includes('OpusHead')) return 'ogg-opus';
    if (head.includes('\x01vorbis')) return 'ogg-vorbis';
    return 'unknown';
  }
  if (isMpegFrame(bytes, afterId3)) return 'mp3';
  if (isVideoContainer(bytes)) return 'video';
  return fromContentType(contentType.toLowerCase().split(';')[0]?.trim() ?? '');
}

function fromContentType(type: string): MediaKind {
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') return 'wav';
  if (type === 'audio/mpeg' || type === 'audio/mp3') return 'mp3';
  if (type === 'audio/flac' || type === 'audio/x-flac') return 'flac';
  if (type === 'audio/opus') return 'ogg-opus';
  if (type === 'audio/ogg' || type === 'audio/vorbis') return 'ogg-vorbis';
  if (type.startsWith('video/')) return 'video';
  return 'unknown';
}
