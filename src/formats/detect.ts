import { isTimingFormat } from './registry';
import { parseLrcStamp } from './lrc/stamp';
import type { TimingFormat } from './types';

/**
 * The format from the content; the file name only breaks ties or names a format when the content
 * says nothing. Looks at the head of the file only (the first 64 KB), so detection is cheap.
 */
const SRT_TIMING =
  /^\s*(\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3}\s*-->\s*(\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3}/;
const VTT_TIMING = /^\s*(\d{1,3}:)?\d{1,2}:\d{1,2}\.\d{3}\s+-->\s+/;
const ULTRASTAR_HEADER = /^#(TITLE|ARTIST|BPM|GAP|MP3|AUDIO|VERSION|RELATIVE):/i;
const ULTRASTAR_NOTE = /^[:*FRG]\s*-?\d+\s+\d+\s+-?\d+(\s|$)/;
const LRC_START = /^\[(\d{1,4}:\d{1,2}([.:,]\d{1,3})?|\d{1,2}:\d{1,2}:\d{1,2}[.,]\d{1,3})\]/;

export function detectFormat(text: string, fileName?: string): TimingFormat | null {
  const head = text.slice(0, 65536).replace(/^\uFEFF/, '');
  const trimmed = head.trimStart();
  const first = trimmed[0];
  if ((first === '{' || first === '[') && /^[{[]\s*["{[\]]/.test(trimmed)) return 'json';
  if (/^WEBVTT(\s|$)/.test(trimmed)) return 'vtt';
  if (first === '<' && /<tt[\s>:]/.test(head)) return 'ttml';
  const lines = head.split(/\r\n|\r|\n/, 2000);
  let ass = 0;
  let ultrastarHeader = 0;
  let ultrastarNotes = 0;
  let srt = 0;
  let vtt = 0;
  let lrc = 0;
  let elrc = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '[Script Info]' || line === '[Events]' || /^(Dialogue|Comment):\s*\d/.test(line))
      ass++;
    else if (ULTRASTAR_HEADER.test(line)) ultrastarHeader++;
    else if (ULTRASTAR_NOTE.test(line)) ultrastarNotes++;
    else if (SRT_TIMING.test(line)) {
      srt++;
      if (VTT_TIMING.test(line)) vtt++;
    } else if (LRC_START.test(line)) {
      lrc++;
      if (hasWordStamps(line)) elrc++;
    }
  }
  if (ass > 0) return 'ass';
  if (ultrastarHeader > 0 && ultrastarNotes > 0) return 'ultrastar';
  if (srt > 0) return vtt === srt && hint(fileName) === 'vtt' ? 'vtt' : 'srt';
  if (lrc > 0) return elrc > 0 ? 'elrc' : 'lrc';
  if (ultrastarNotes > 2) return 'ultrastar';
  return hint(fileName);
}

/** Word stamps after the line's leading stamps: `<mm:ss.xx>` anywhere, or `[mm:ss.xx]` after text. */
function hasWordStamps(line: string): boolean {
  let at = 0;
  while (line[at] === '[') {
    const close = line.indexOf(']', at);
    if (close < 0 || Number.isNaN(parseLrcStamp(line.slice(at + 1, close)))) break;
    at = close + 1;
  }
  const rest = line.slice(at);
  return (
    /<\d{1,4}:\d{1,2}([.:,]\d{1,3})?>/.test(rest) ||
    /\S\[\d{1,4}:\d{1,2}([.:,]\d{1,3})?\]/.test(rest)
  );
}

const EXTENSIONS: Record<string, TimingFormat> = {
  lrc: 'lrc',
  elrc: 'elrc',
  ass: 'ass',
  ssa: 'ass',
  ttml: 'ttml',
  xml: 'ttml',
  dfxp: 'ttml',
  srt: 'srt',
  vtt: 'vtt',
  txt: 'ultrastar',
  json: 'json',
};

function hint(fileName: string | undefined): TimingFormat | null {
  const ext = fileName?.toLowerCase().split('.').pop();
  if (!ext) return null;
  if (isTimingFormat(ext)) return ext;
  return EXTENSIONS[ext] ?? null;
}
