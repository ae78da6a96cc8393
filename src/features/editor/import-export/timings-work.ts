import { readTimings, TimingFormatError, writeTimings, type ReadResult } from '../../../formats';
import {
  LISTED_WARNINGS,
  TAKE_PART,
  type TimingsReply,
  type TimingsRequest,
} from './timings-protocol';

/** The latest read, kept for Apply (one slot: a newer read or its last part taken drops it). */
let held: { token: number; result: ReadResult } | null = null;

function summarise(token: number, result: ReadResult, duration: number | undefined) {
  let lateCount = 0;
  if (duration !== undefined && Number.isFinite(duration) && duration > 0)
    for (const item of result.items) if (item.end > duration + 0.001) lateCount++;
  const languages = new Set<string>();
  for (const item of result.items)
    if (item.translations) for (const k in item.translations) languages.add(k);
  return {
    token,
    format: result.format,
    encoding: result.encoding,
    lineCount: result.lineCount,
    wordCount: result.wordCount,
    itemCount: result.items.length,
    estimatedCount: result.estimated.size,
    warnings: result.warnings.slice(0, LISTED_WARNINGS),
    warningCount: result.warnings.length,
    lateCount,
    languages: [...languages].sort(),
  };
}

/** One request answered: the same code runs in the worker and in the main-thread fallback. */
export function answer(request: TimingsRequest): TimingsReply {
  const { id } = request;
  try {
    switch (request.kind) {
      case 'write':
        return { id, ok: true, text: writeTimings(request.items, request.format, request.meta) };
      case 'take': {
        if (held?.token !== request.token)
          return { id, ok: false, unreadable: false, message: 'Read the file again to apply it.' };
        const { result } = held;
        const to = request.from + TAKE_PART;
        const done = to >= result.items.length;
        // The last part drops the read: its items are taken once.
        if (done) held = null;
        const items =
          request.from === 0 && done ? result.items : result.items.slice(request.from, to);
        return {
          id,
          ok: true,
          taken: { items, done, estimated: done ? [...result.estimated] : [] },
        };
      }
      case 'read': {
        held = null;
        const options: Parameters<typeof readTimings>[1] = {};
        if (request.fileName !== undefined) options.fileName = request.fileName;
        if (request.format !== undefined) options.format = request.format;
        const result = readTimings(request.bytes, options);
        held = { token: id, result };
        return { id, ok: true, summary: summarise(id, result, request.duration) };
      }
    }
  } catch (error) {
    if (error instanceof TimingFormatError)
      return { id, ok: false, unreadable: true, message: error.message };
    // A bug in a reader or writer: logged for the developer, one sentence for the person.
    console.error(error);
    return {
      id,
      ok: false,
      unreadable: false,
      message:
        request.kind === 'write'
          ? 'The file could not be written because of an error in the app.'
          : 'This file could not be read because of an error in the app.',
    };
  }
}
