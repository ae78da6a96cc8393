import type { TimingFormat, TimingFormatInfo } from './types';

/** The eight formats in menu order: word-timed karaoke formats first, then line-timed, then raw. */
export const TIMING_FORMATS: readonly TimingFormatInfo[] = Object.freeze([
  { id: 'elrc', label: 'Enhanced LRC (word times)', extension: 'lrc', mimeType: 'text/plain' },
  { id: 'lrc', label: 'LRC (line times)', extension: 'lrc', mimeType: 'text/plain' },
  { id: 'ass', label: 'ASS karaoke (Aegisub)', extension: 'ass', mimeType: 'text/x-ssa' },
  {
    id: 'ttml',
    label: 'TTML (Apple Music style)',
    extension: 'ttml',
    mimeType: 'application/ttml+xml',
  },
  { id: 'vtt', label: 'WebVTT', extension: 'vtt', mimeType: 'text/vtt' },
  { id: 'srt', label: 'SubRip (SRT)', extension: 'srt', mimeType: 'application/x-subrip' },
  { id: 'ultrastar', label: 'UltraStar TXT', extension: 'txt', mimeType: 'text/plain' },
  { id: 'json', label: 'JSON (service items)', extension: 'json', mimeType: 'application/json' },
] satisfies TimingFormatInfo[]);

const IDS: ReadonlySet<string> = new Set(TIMING_FORMATS.map((f) => f.id));

export function isTimingFormat(value: string): value is TimingFormat {
  return IDS.has(value);
}

export function formatInfo(id: TimingFormat): TimingFormatInfo {
  return TIMING_FORMATS.find((f) => f.id === id)!;
}

/** The format's name inside a sentence ("this UltraStar file"). */
const NAMES: Record<TimingFormat, string> = {
  lrc: 'LRC',
  elrc: 'enhanced LRC',
  ass: 'ASS',
  ttml: 'TTML',
  srt: 'SRT',
  vtt: 'WebVTT',
  ultrastar: 'UltraStar',
  json: 'JSON',
};

export const formatName = (id: TimingFormat) => NAMES[id];
