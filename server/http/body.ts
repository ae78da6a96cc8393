import { isUtf8 } from 'node:buffer';
import type { Hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from './problem';

/** Most bytes read and thrown away after refusing a body, before the connection is cut. */
const DISCARD_BYTES = 8 * 1024 * 1024;

/**
 * Reads the rest of a refused body and throws it away, so a client still sending reads the answer
 * instead of a connection reset; past DISCARD_BYTES the connection is cut.
 */
export function discardBody(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) req.socket.destroy();
  });
  req.resume();
}

export const tooLarge = (limit: number): HttpError =>
  new HttpError(413, `The request body is larger than ${limit} bytes.`);

/** The declared Content-Length, or undefined when the body is chunked. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const declared = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isFinite(declared)
    ? declared
    : undefined;
}

/**
 * Reads the whole body, refusing more than `limit` bytes (413): from Content-Length before reading
 * anything, else as soon as the count passes it. With a Content-Length the bytes go straight into
 * one buffer of that size (no chunk list and concatenated copy: half the memory of a big body);
 * the buffer owns its memory, so it can be transferred to a worker thread. `hash` sees every chunk
 * as it arrives (the idempotency fingerprint costs nothing extra at the end).
 */
export async function readBody(req: IncomingMessage, limit: number, hash?: Hash): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) {
    discardBody(req);
    throw tooLarge(limit);
  }
  const into = declared !== undefined && declared > 0 ? Buffer.allocUnsafeSlow(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit || (into && size + chunk.length > into.length)) {
      discardBody(req);
      throw tooLarge(Math.min(limit, into?.length ?? limit));
    }
    hash?.update(chunk);
    if (into) chunk.copy(into, size);
    else chunks.push(chunk);
    size += chunk.length;
  }
  if (into) return size === into.length ? into : into.subarray(0, size);
  const out = Buffer.allocUnsafeSlow(size);
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(out, offset);
  return out;
}

/**
 * Checks that a body is UTF-8 JSON: 415 for another content type or charset (a UTF-16 body read as
 * UTF-8 would be garbage). Returns whether there is a body at all.
 */
export function checkJsonHeaders(req: IncomingMessage, length: number): boolean {
  if (length === 0) return false;
  const [type = '', ...params] = (req.headers['content-type'] ?? '').split(';');
  const media = type.trim().toLowerCase();
  if (media !== 'application/json' && !media.endsWith('+json')) {
    throw new HttpError(415, 'Request bodies are JSON: send Content-Type: application/json.');
  }
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim().toLowerCase() !== 'charset') continue;
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') {
      throw new HttpError(
        415,
        `Request bodies are UTF-8 JSON; charset=${charset} is not supported.`,
      );
    }
  }
  return true;
}

/**
 * UTF-8 JSON bytes as a value, or why they are not (a plain result: a route's body parser may run
 * in a worker thread and hand its outcome back).
 */
export function decodeJsonBytes(
  raw: Uint8Array,
): { ok: true; value: unknown } | { ok: false; detail: string } {
  // isUtf8 is a SIMD check, several times faster than a fatal TextDecoder on megabytes.
  if (!isUtf8(raw)) return { ok: false, detail: 'The body is not valid UTF-8.' };
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, detail: `The body is not valid JSON: ${(error as Error).message}` };
  }
}

/** Parses UTF-8 JSON bytes: 400 for bytes that are not UTF-8 or not JSON. */
export function parseJsonBytes(raw: Uint8Array): unknown {
  const decoded = decodeJsonBytes(raw);
  if (!decoded.ok) throw new HttpError(400, decoded.detail);
  return decoded.value;
}

/** A JSON body (undefined when empty): 415 for another content type, 400 for malformed JSON. */
export function parseJsonBody(req: IncomingMessage, raw: Buffer): unknown {
  if (!checkJsonHeaders(req, raw.length)) return undefined;
  return parseJsonBytes(raw);
}
