import { describe, expect, it } from 'vitest';
import { MAX_ALIGNMENT_ITEMS } from '../../../contract';
import { word } from '../../../timing/test-items';
import { keyOf } from '../../../timing';
import {
  estimatedKeys,
  MAX_IMPORT_BYTES,
  readingState,
  readProblem,
  readState,
  readTimingFile,
  sizeProblem,
} from './import-state';
import type { ReadSummary } from './timings-protocol';

const file = { name: 'song.lrc', size: 100 };
const summary = (over: Partial<ReadSummary> = {}): ReadSummary =>
  ({ token: 1, format: 'lrc', itemCount: 3, ...over }) as ReadSummary;

describe('the import preview state', () => {
  it('refuses a file too large before reading it, in MB', () => {
    expect(sizeProblem(MAX_IMPORT_BYTES)).toBeNull();
    expect(sizeProblem(MAX_IMPORT_BYTES + 1)).toBe(
      'This file is 64.0 MB; timing files are read up to 64.0 MB.',
    );
  });

  it('refuses a read file with no timed words or more than an alignment holds', () => {
    expect(readProblem(0)).toBe('No timed words were found in this file.');
    expect(readProblem(3)).toBeNull();
    expect(readProblem(MAX_ALIGNMENT_ITEMS + 1)).toMatch(/an alignment holds at most/);
  });

  it('keeps what is known of the same file while reading it again as another format', () => {
    const read = readState(null, file, null, { result: summary() });
    expect(read).toMatchObject({ busy: false, detected: 'lrc', error: null });
    const again = readingState(read, file, 'srt');
    expect(again).toMatchObject({ busy: true, detected: 'lrc', forced: 'srt', error: null });
    expect(again.result).toBe(read.result);
    expect(readingState(read, { ...file }, null)).toMatchObject({ detected: null, result: null });
  });

  it('keeps the detected format when one was forced, and says why a read failed', () => {
    const read = readState(null, file, null, { result: summary() });
    const forced = readState(read, file, 'srt', { result: summary({ format: 'srt' }) });
    expect(forced.detected).toBe('lrc');
    const failed = readState(read, file, 'srt', { failure: 'Not an SRT file.' });
    expect(failed).toMatchObject({ detected: 'lrc', result: null, error: 'Not an SRT file.' });
  });

  it('reads through the worker client: a summary, a failure sentence, or nothing when cancelled', async () => {
    const data = new Uint8Array();
    const ok = { read: () => Promise.resolve(summary()) };
    expect(await readTimingFile(ok, file, data, null, 10)).toEqual({ result: summary() });
    const bad = { read: () => Promise.reject(new Error('Unreadable.')) };
    expect(await readTimingFile(bad, file, data, null, 10)).toEqual({ failure: 'Unreadable.' });
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const cancelled = { read: () => Promise.reject(abort) };
    expect(await readTimingFile(cancelled, file, data, null, undefined)).toBeNull();
  });

  it('names the estimated items by key', () => {
    const items = [word(0, 0, 1, 2, 'a'), word(0, 1, 2, 3, 'b')];
    expect(estimatedKeys(items, [1, 5])).toEqual([keyOf(items[1]!)]);
  });
});
