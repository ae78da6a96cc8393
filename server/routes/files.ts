import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/database';
import { fileRow } from '../db/files';
import { HttpError } from '../http/problem';
import type { LocalFileStore } from '../storage/local-files';

/** Parses a single `bytes=` range against `size`; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or other units: serve the whole file, as RFC 9110 allows.
  if (!m) return null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return 'invalid';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

/** GET/HEAD /files/<id>?exp=&sig=: signed, expiring, with Range support for `<audio>` seeking. */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  params: URLSearchParams,
  db: Db,
  files: LocalFileStore,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'Files are read with GET or HEAD.', {}, { Allow: 'GET, HEAD' });
  }
  const verdict = files.signer.verify('GET', id, params);
  if (verdict !== 'ok') {
    throw new HttpError(
      403,
      verdict === 'expired' ? 'This file link has expired.' : 'This file link is not valid.',
    );
  }
  const row = await fileRow(db, id);
  if (!row || row.status !== 'complete') throw new HttpError(404, 'File was not found.');
  const size = await files.sizeOnDisk(id);
  const range = parseRange(req.headers.range, size);
  const common = {
    'Accept-Ranges': 'bytes',
    'Content-Type': row.content_type,
    'Cache-Control': 'private, max-age=3600',
  };
  if (range === 'invalid') {
    throw new HttpError(
      416,
      `The file has ${size} bytes.`,
      {},
      { 'Content-Range': `bytes */${size}` },
    );
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  res.writeHead(range ? 206 : 200, {
    ...common,
    'Content-Length': length,
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
  });
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(files.openRead(id, start, end), res);
  } catch {
    // The player moved on (seek, pause) and closed the connection: nothing to answer.
    res.destroy();
  }
}
