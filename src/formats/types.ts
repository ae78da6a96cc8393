import type { AlignmentItem } from '../contract';

export type TimingFormat = 'lrc' | 'elrc' | 'ass' | 'ttml' | 'srt' | 'vtt' | 'ultrastar' | 'json';

export interface TimingFormatInfo {
  id: TimingFormat;
  label: string;
  extension: string;
  mimeType: string;
}

/** Something skipped, dropped or adjusted while reading. `line` is 1-based in the source file. */
export interface ReadWarning {
  line: number | null;
  message: string;
}

/** Song metadata found in the file (LRC tags, ASS Title, TTML head, UltraStar header). */
export interface TimingMetadata {
  title?: string;
  artist?: string;
  language?: string;
}

export interface ReadResult {
  format: TimingFormat;
  encoding: string;
  /** Valid by the contract (end >= start >= 0, indexes), sorted by start. */
  items: AlignmentItem[];
  /** Indexes into `items` whose times were spread over a line (line-timed input). */
  estimated: ReadonlySet<number>;
  warnings: ReadWarning[];
  lineCount: number;
  wordCount: number;
  /** Extra (not in the fixed API): what the file says about the song; empty when nothing. */
  metadata: TimingMetadata;
}

export interface WriteOptions {
  title?: string;
  artist?: string;
  language?: string;
}

export interface ReadOptions {
  fileName?: string;
  format?: TimingFormat;
}

/** Nothing readable: the message is one sentence for a person, never a stack or a parser dump. */
export class TimingFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimingFormatError';
  }
}
