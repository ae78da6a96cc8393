import type { ServerResponse } from 'node:http';

/** The app may run from another origin than the service: allow it, keys travel in headers only. */
export function setCors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Idempotent-Replayed, Content-Range, Accept-Ranges, Content-Length, WWW-Authenticate, ETag',
  );
}

export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      'Authorization, Content-Type, Idempotency-Key, Range, If-None-Match',
    'Access-Control-Max-Age': '600',
  });
  res.end();
}
