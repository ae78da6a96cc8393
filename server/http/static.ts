import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { APP_CSP } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The built app, with index.html for any other path (client-side routing). False when absent. */
export async function serveStatic(
  dir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const root = resolve(dir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const candidate = resolve(join(root, decoded));
  const inside = candidate === root || candidate.startsWith(root + sep);
  const target = inside && (await isFile(candidate)) ? candidate : join(root, 'index.html');
  if (!(await isFile(target))) return false;
  const hashed = target.includes(`${sep}assets${sep}`);
  // The app's policy on its pages and on its scripts: a Web Worker runs under the policy of its
  // script's response, and the answers' default (nothing may load) would stop a worker's fetch.
  if (target.endsWith('.html') || target.endsWith('.js')) {
    res.setHeader('Content-Security-Policy', APP_CSP);
  }
  res.writeHead(200, {
    'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(target).pipe(res);
  return true;
}
