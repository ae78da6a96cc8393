import type { IncomingMessage } from 'node:http';
import { HttpError } from './problem';

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    `The request body is larger than ${limit} bytes.`,
    {},
    { Connection: 'close' },
  );

/** Reads the whole body, refusing more than `limit` bytes (413) before buffering it all. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Parses a JSON body: 415 for another content type, 400 for malformed JSON. */
export function parseJsonBody(req: IncomingMessage, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, 'Request bodies are JSON: send Content-Type: application/json.');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch (error) {
    throw new HttpError(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
}
