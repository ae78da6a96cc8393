import type { AlignmentItem } from '../../../contract';
import type { ReadWarning, TimingFormat } from '../../../formats';

export interface WriteMeta {
  title?: string;
  artist?: string;
  language?: string;
}

/** Warnings sent for the preview; the rest are counted (a broken 100k-line file has 100k). */
export const LISTED_WARNINGS = 500;

/**
 * What the preview shows of a read. The items stay in the worker until Apply takes them: the
 * page never pays for 100,000 objects it may not use (a structured clone of them is a long task).
 */
export interface ReadSummary {
  /** Names this read for `take`. */
  readonly token: number;
  readonly format: TimingFormat;
  readonly encoding: string;
  readonly lineCount: number;
  readonly wordCount: number;
  readonly itemCount: number;
  /** Items whose times were spread over their line (line-timed input). */
  readonly estimatedCount: number;
  /** The first LISTED_WARNINGS warnings; `warningCount` is all of them. */
  readonly warnings: readonly ReadWarning[];
  readonly warningCount: number;
  /** Items that end after the `duration` given with the request (0 without one). */
  readonly lateCount: number;
  /** Translation languages in the file (ADR 0017), sorted. */
  readonly languages: readonly string[];
}

/** The items of a read, taken once for Apply; `estimated` are indexes into `items`. */
export interface TakenItems {
  readonly items: AlignmentItem[];
  readonly estimated: readonly number[];
}

/**
 * Items are taken in parts of this many: each part is its own message, so the page decodes a
 * 100,000-item read in several short tasks instead of one long one.
 */
export const TAKE_PART = 20_000;

/** One part of a take: the items from `from`; the last part (`done`) carries `estimated`. */
export interface TakenPart {
  readonly items: AlignmentItem[];
  readonly done: boolean;
  readonly estimated: readonly number[];
}

/** Page -> worker. `id` pairs a reply with its request. */
export type TimingsRequest =
  | {
      id: number;
      kind: 'read';
      bytes: Uint8Array;
      fileName?: string;
      format?: TimingFormat;
      duration?: number;
    }
  | { id: number; kind: 'take'; token: number; from: number }
  | {
      id: number;
      kind: 'write';
      items: readonly AlignmentItem[];
      format: TimingFormat;
      meta: WriteMeta;
    };

/**
 * Worker -> page. `unreadable`: the formats module's one sentence for a file with nothing
 * readable (shown as is); otherwise a sentence of ours (a bug, or a read no longer held).
 */
export type TimingsReply =
  | { id: number; ok: true; summary: ReadSummary }
  | { id: number; ok: true; taken: TakenPart }
  | { id: number; ok: true; text: string }
  | { id: number; ok: false; unreadable: boolean; message: string };
