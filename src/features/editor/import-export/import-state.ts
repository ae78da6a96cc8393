import { MAX_ALIGNMENT_ITEMS, type AlignmentItem } from '../../../contract';
import type { TimingFormat } from '../../../formats';
import { keyOf } from '../../../timing';
import type { TimingsClient } from './timings-client';
import type { ReadSummary } from './timings-protocol';

/** Larger files are refused before reading: no lyric timing file comes near it. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export interface ImportFile {
  readonly name: string;
  readonly size: number;
}

/** The preview dialog's state: one file being read, read, or found unreadable. */
export interface ImportState {
  readonly file: ImportFile;
  readonly busy: boolean;
  /** The format found by detection (null: not recognised or not read yet). */
  readonly detected: TimingFormat | null;
  /** The format chosen in the dialog instead of the detected one. */
  readonly forced: TimingFormat | null;
  readonly result: ReadSummary | null;
  /** Apply is fetching the items from the worker. */
  readonly applying?: boolean;
  /** Why nothing can be applied, one sentence (unreadable file, too large). */
  readonly error: string | null;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file too large to read, refused before reading (null: it may be read). */
export function sizeProblem(size: number): string | null {
  return size > MAX_IMPORT_BYTES
    ? `This file is ${megabytes(size)}; timing files are read up to ${megabytes(MAX_IMPORT_BYTES)}.`
    : null;
}

/** Why a read file cannot be applied: no timed words, or more than an alignment holds. */
export function readProblem(itemCount: number): string | null {
  if (!itemCount) return 'No timed words were found in this file.';
  return itemCount > MAX_ALIGNMENT_ITEMS
    ? `This file has ${itemCount.toLocaleString('en')} words; an alignment holds at most ${MAX_ALIGNMENT_ITEMS.toLocaleString('en')}.`
    : null;
}

/** Reading `file` (again, as `forced`): what is known of the same file stays shown meanwhile. */
export function readingState(
  previous: ImportState | null,
  file: ImportFile,
  forced: TimingFormat | null,
): ImportState {
  const same = previous?.file === file;
  return {
    file,
    busy: true,
    detected: same ? previous.detected : null,
    forced,
    result: same ? previous.result : null,
    error: null,
  };
}

/** `file` read: its summary, the format detected (kept when one was forced), or why it failed. */
export function readState(
  previous: ImportState | null,
  file: ImportFile,
  forced: TimingFormat | null,
  read: { result: ReadSummary } | { failure: string },
): ImportState {
  const kept = previous?.detected ?? null;
  if ('failure' in read)
    return { file, busy: false, detected: kept, forced, result: null, error: read.failure };
  const { result } = read;
  return {
    file,
    busy: false,
    detected: forced ? kept : result.format,
    forced,
    result,
    error: readProblem(result.itemCount),
  };
}

/** The keys of the items the file marked as estimated (by index). */
export function estimatedKeys(items: readonly AlignmentItem[], estimated: readonly number[]) {
  return estimated.flatMap((i) => {
    const item = items[i];
    return item ? [keyOf(item)] : [];
  });
}

/** Reads a timing file in the worker: its summary, why it failed, or null when cancelled. */
export async function readTimingFile(
  client: Pick<TimingsClient, 'read'>,
  file: ImportFile,
  data: Uint8Array,
  forced: TimingFormat | null,
  duration: number | undefined,
): Promise<{ result: ReadSummary } | { failure: string } | null> {
  const options = {
    fileName: file.name,
    ...(forced ? { format: forced } : {}),
    ...(duration !== undefined ? { duration } : {}),
  };
  try {
    return { result: await client.read(data, options) };
  } catch (failure) {
    if ((failure as Error).name === 'AbortError') return null;
    return { failure: failure instanceof Error ? failure.message : 'This file could not be read.' };
  }
}
