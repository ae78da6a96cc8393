import { readTimings, TimingFormatError, writeTimings } from '../../../formats';
import type { TimingsReply, TimingsRequest } from './timings-protocol';

/** One request answered: the same code runs in the worker and in the main-thread fallback. */
export function answer(request: TimingsRequest): TimingsReply {
  const { id } = request;
  try {
    if (request.kind === 'write')
      return { id, ok: true, text: writeTimings(request.items, request.format, request.meta) };
    const options: Parameters<typeof readTimings>[1] = {};
    if (request.fileName !== undefined) options.fileName = request.fileName;
    if (request.format !== undefined) options.format = request.format;
    const result = readTimings(request.bytes, options);
    return { id, ok: true, read: { ...result, estimated: [...result.estimated] } };
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
        request.kind === 'read'
          ? 'This file could not be read because of an error in the app.'
          : 'The file could not be written because of an error in the app.',
    };
  }
}
