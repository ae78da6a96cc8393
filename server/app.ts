/**
 * The local Karaoke service, without listening: `createService` returns a request handler that
 * main.ts mounts on node:http and vite.config.ts mounts inside the dev server.
 * (Placeholder until the local-service issue lands: health check and static files only.)
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

export interface ServiceOptions {
  /** Where the database and files live. */
  dataDir: string;
  /** The demo account's API key; when unset one is created once and kept in dataDir. */
  apiKey?: string;
  /** Built app to serve at `/` (SPA fallback to index.html); none in the dev server. */
  staticDir?: string;
  /** Largest upload accepted, in bytes (default 1 GiB). */
  maxUploadBytes?: number;
  log?: (line: string) => void;
}

export interface KaraokeService {
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  /** The demo account's key (for the sign-in link). */
  readonly demoApiKey: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wav': 'audio/wav',
};

export function createService(options: ServiceOptions): Promise<KaraokeService> {
  const demoApiKey = options.apiKey ?? 'demo';
  const serveStatic = (path: string, res: ServerResponse): boolean => {
    if (!options.staticDir) return false;
    const file = normalize(join(options.staticDir, path));
    if (!file.startsWith(options.staticDir)) return false;
    const target =
      existsSync(file) && statSync(file).isFile() ? file : join(options.staticDir, 'index.html');
    if (!existsSync(target)) return false;
    res.writeHead(200, { 'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
    return true;
  };
  return Promise.resolve({
    demoApiKey,
    handle(req, res, next) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/healthz') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (!path.startsWith('/api/') && serveStatic(path, res)) return;
      if (next) return next();
      res.writeHead(404).end();
    },
    close: () => Promise.resolve(),
  });
}

export function createServiceFromEnv(extra: Partial<ServiceOptions> = {}): Promise<KaraokeService> {
  return createService({
    dataDir: process.env.DATA_DIR ?? '.data',
    apiKey: process.env.KARAOKE_API_KEY,
    ...extra,
  });
}
