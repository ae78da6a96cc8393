/**
 * Lyric timing formats: read any of eight formats into contract items, write items back out.
 * Pure: no React, no DOM, no Node (lint zone); runs in the browser and in the `timings` command.
 * See CONTEXT.md.
 */
import type { AlignmentItem } from '../contract';
import { readAss } from './ass/read';
import { writeAss } from './ass/write';
import { detectFormat } from './detect';
import { readJson, writeJson } from './json';
import { readLrc } from './lrc/read';
import { writeElrc, writeLrc } from './lrc/write';
import { formatName, TIMING_FORMATS } from './registry';
import { readSrt } from './srt/read';
import { writeSrt } from './srt/write';
import { readTtml } from './ttml/read';
import { writeTtml } from './ttml/write';
import { readUltrastar } from './ultrastar/read';
import { writeUltrastar } from './ultrastar/write';
import { readVtt } from './vtt/read';
import { writeVtt } from './vtt/write';
import { decodeText } from './text/decode';
import {
  TimingFormatError,
  type ReadOptions,
  type ReadResult,
  type TimingFormat,
  type WriteOptions,
} from './types';

export { TIMING_FORMATS, isTimingFormat, formatInfo } from './registry';
export { detectFormat } from './detect';
export { decodeText } from './text/decode';
export {
  TimingFormatError,
  type ReadResult,
  type ReadWarning,
  type TimingFormat,
  type TimingFormatInfo,
  type TimingMetadata,
} from './types';

type Reader = (text: string, encoding: string) => ReadResult;
type Writer = (items: readonly AlignmentItem[], options: WriteOptions) => string;

const READERS: Record<TimingFormat, Reader> = {
  lrc: (text, encoding) => readLrc(text, encoding, 'lrc'),
  elrc: (text, encoding) => readLrc(text, encoding, 'elrc'),
  ass: readAss,
  ttml: readTtml,
  srt: readSrt,
  vtt: readVtt,
  ultrastar: readUltrastar,
  json: readJson,
};

const WRITERS: Record<TimingFormat, Writer> = {
  lrc: writeLrc,
  elrc: writeElrc,
  ass: writeAss,
  ttml: writeTtml,
  srt: (items) => writeSrt(items),
  vtt: writeVtt,
  ultrastar: writeUltrastar,
  json: (items) => writeJson(items),
};

const KNOWN = TIMING_FORMATS.map((f) => formatName(f.id)).join(', ');

/**
 * Reads a timing file. The format is found from the content (the file name is only a hint) unless
 * `options.format` forces one. Throws `TimingFormatError` (one sentence) when nothing is readable;
 * anything skipped on the way is in `warnings`.
 */
export function readTimings(input: Uint8Array | string, options: ReadOptions = {}): ReadResult {
  const { text, encoding } = decodeText(input);
  if (!/\S/.test(text.slice(0, 65536)) && !/\S/.test(text)) {
    throw new TimingFormatError('The file is empty.');
  }
  // The content decides; the file name only when the content says nothing.
  const fromContent = options.format ?? detectFormat(text);
  const format = fromContent ?? detectFormat(text, options.fileName);
  if (!format) {
    throw new TimingFormatError(`This file is not in a timing format we know (${KNOWN}).`);
  }
  try {
    return READERS[format](text, encoding);
  } catch (error) {
    if (error instanceof TimingFormatError && !fromContent) {
      // Only the name said which format: say first that the content is none we know.
      const why = error.message.charAt(0).toLowerCase() + error.message.slice(1).replace(/\.$/, '');
      throw new TimingFormatError(
        `This file is not in a timing format we know (${KNOWN}); read as ${formatName(format)} because of its name: ${why}.`,
      );
    }
    if (error instanceof TimingFormatError) throw error;
    // A reader bug must still reach the person as one sentence, not a stack.
    const why = error instanceof Error ? error.message : String(error);
    throw new TimingFormatError(`This ${formatName(format)} file could not be read (${why}).`);
  }
}

/**
 * What `format` cannot carry of the items' translations, as sentences for a person (none when it
 * carries them all): UltraStar has none; LRC and SRT keep no language keys (read back as `und`,
 * several joined); line formats write word readings (romanization per word) as the line's text.
 */
export function translationLosses(items: readonly AlignmentItem[], format: TimingFormat): string[] {
  if (format === 'json' || format === 'ttml') return [];
  const langs = new Set<string>();
  const wordLevel = new Set<string>();
  const heads = new Map<number, AlignmentItem>();
  for (const x of items) {
    const h = heads.get(x.line);
    if (!h || x.word < h.word || (x.word === h.word && x.subword < h.subword)) heads.set(x.line, x);
  }
  for (const x of items) {
    if (!x.translations) continue;
    for (const k in x.translations) {
      langs.add(k);
      if (heads.get(x.line) !== x) wordLevel.add(k);
    }
  }
  if (langs.size === 0) return [];
  const list = [...langs].sort().join(', ');
  const name = formatName(format);
  if (format === 'ultrastar') return [`${name} has no translations: ${list} not written.`];
  const out: string[] = [];
  if (format !== 'vtt' && format !== 'ass') {
    out.push(
      langs.size > 1
        ? `${name} has no language names: the translations (${list}) are written as extra lines and read back as one, "und".`
        : `${name} has no language names: the translation (${list}) is read back as "und".`,
    );
  }
  if (wordLevel.size > 0)
    out.push(`${name} has no word readings: ${[...wordLevel].sort().join(', ')} written per line.`);
  return out;
}

/** Writes items (any order) in `format`; title/artist/language go to the format's header. */
export function writeTimings(
  items: readonly AlignmentItem[],
  format: TimingFormat,
  options: WriteOptions = {},
): string {
  return WRITERS[format](items, options);
}
