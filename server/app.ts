/**
 * The local Karaoke service, without listening: `createService` returns a request handler that
 * main.ts mounts on node:http and vite.config.ts mounts inside the dev server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Services } from './context';
import { openDatabase } from './db/database';
import { ensureDemoAccount } from './demo-account';
import { answerPreflight, setCors } from './http/cors';
import { IdempotencyStore } from './http/idempotency';
import { AuthLimiter } from './http/auth-limit';
import { LargeBodies } from './http/large-bodies';
import { parsePublicUrl } from './http/origin';
import { HttpError, sendProblem } from './http/problem';
import { API_PREFIX, dispatchApi } from './http/router';
import { SECURITY_HEADERS, setSecurityHeaders } from './http/security-headers';
import { serveStatic } from './http/static';
import { handlers } from './routes';
import { receiveUpload } from './routes/uploads';
import { isSeeded, seedDemo } from './seed/demo';
import { answerSignIn } from './http/sign-in-page';
import { createSignInToken, redeemSignInToken } from './signin-links';
import { FileStore } from './storage/file-store';
import { serveFile } from './storage/serve-file';
import { sweepFiles } from './storage/housekeeping';
import { UrlSigner } from './storage/signing';
import { defaultTaskConcurrency, DspRunner } from './tasks/dsp-runner';
import { createProcessor } from './tasks/processors';
import { TaskQueue } from './tasks/queue';

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
  /** Seed the demo project on a fresh data directory (default true; tests may skip it). */
  seed?: boolean;
  /** Run queued tasks (default true; a test turns it off to leave a task waiting). */
  worker?: boolean;
  /** Tasks run at once, shared fairly by accounts (default: sized to the machine, 2..4). */
  taskConcurrency?: number;
  /** The origin in absolute URLs (PUBLIC_URL); default: the address a connection reached. */
  publicUrl?: string;
  /** Build URLs from X-Forwarded-* / Host (TRUST_PROXY; only behind a proxy that sets them). */
  trustProxy?: boolean;
  /** How often stale `.part` files, uploads and idempotency keys are swept (default 1 h). */
  sweepIntervalMs?: number;
}

export interface KaraokeService {
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  /** The demo account's key (tests; never printed). */
  readonly demoApiKey: string;
  /** A one-time sign-in link for the demo account (the start-up banner prints it). */
  signInLink(base: string): string;
  close(): Promise<void>;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

export async function createService(options: ServiceOptions): Promise<KaraokeService> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const db = openDatabase(dataDir);
  const signer = UrlSigner.fromDataDir(dataDir);
  const files = new FileStore(db, dataDir, signer);
  const dsp = new DspRunner(log, options.taskConcurrency ?? defaultTaskConcurrency());
  const tasks = new TaskQueue(db, createProcessor({ db, files, dsp }), log, dsp.threads);
  const largeBodies = new LargeBodies(log);
  const services: Services = {
    db,
    largeBodies,
    origin: {
      trustProxy: options.trustProxy ?? false,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    },
    dataDir,
    files,
    signer,
    tasks,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    log,
  };
  const idempotency = new IdempotencyStore(db);
  const limiter = new AuthLimiter(services.origin.trustProxy);
  const demo = ensureDemoAccount(db, dataDir, options.apiKey);
  if (options.seed !== false && !isSeeded(db)) {
    const t0 = Date.now();
    try {
      await seedDemo({ db, files, dsp }, demo.accountId);
      log(`Demo data created in ${Date.now() - t0} ms.`);
    } catch (error) {
      // The API is still useful without the demo project: say why and carry on.
      log(`Demo data could not be created: ${(error as Error).stack ?? String(error)}`);
    }
  }
  // Leftovers of a crash go before any task or upload can start a new `.part`.
  const swept = sweepFiles(db, files, { atStart: true });
  if (swept.parts + swept.files > 0) {
    log(`Removed ${swept.parts} partial file(s) and ${swept.files} expired upload(s).`);
  }
  if (options.worker !== false) await tasks.start();
  idempotency.sweep();
  const sweeper = setInterval(() => {
    idempotency.sweep();
    sweepFiles(db, files, { atStart: false });
  }, options.sweepIntervalMs ?? 3600_000);
  sweeper.unref();

  async function route(req: IncomingMessage, res: ServerResponse, next?: () => void) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    // Static files get the app's policy in serveStatic; what falls through to `next` gets none.
    setSecurityHeaders(res);
    if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const signIn = /^\/signin\/([^/]+)$/.exec(path);
    if (signIn?.[1] && (req.method === 'GET' || req.method === 'HEAD')) {
      return answerSignIn(res, redeemSignInToken(db, signIn[1]) ? demo.apiKey : undefined);
    }
    const api = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const filesPath = /^\/files\/([^/]+)$/.exec(path);
    const uploadPath = /^\/uploads\/([^/]+)$/.exec(path);
    if (api || filesPath || uploadPath) {
      setCors(res);
      if (req.method === 'OPTIONS') return answerPreflight(res);
    }
    if (api) return dispatchApi(req, res, url, services, handlers, idempotency, limiter);
    if (filesPath?.[1]) return serveFile(req, res, filesPath[1], url.searchParams, files, signer);
    if (uploadPath?.[1]) return receiveUpload(req, res, uploadPath[1], url.searchParams, services);
    if (options.staticDir && (await serveStatic(options.staticDir, path, req, res))) return;
    if (next) {
      for (const name of SECURITY_HEADERS) res.removeHeader(name);
      return next();
    }
    throw new HttpError(404, `Nothing at ${path}.`);
  }

  return {
    demoApiKey: demo.apiKey,
    signInLink: (base) => `${base}/signin/${createSignInToken(db)}`,
    handle(req, res, next) {
      route(req, res, next).catch((error: unknown) => {
        if (error instanceof HttpError) return sendProblem(res, error);
        log(
          `Unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`,
        );
        sendProblem(res, new HttpError(500, 'The service failed to answer this request.'));
      });
    },
    async close() {
      clearInterval(sweeper);
      const stopping = tasks.stop();
      await dsp.close();
      await largeBodies.close();
      await stopping;
      db.close();
    },
  };
}

export function createServiceFromEnv(extra: Partial<ServiceOptions> = {}): Promise<KaraokeService> {
  const maxUpload = Number(process.env.MAX_UPLOAD_BYTES);
  const publicUrl = parsePublicUrl(process.env.PUBLIC_URL);
  if (process.env.PUBLIC_URL && !publicUrl) {
    throw new Error(`PUBLIC_URL must be an http(s) URL; got ${process.env.PUBLIC_URL}`);
  }
  return createService({
    dataDir: process.env.DATA_DIR || '.data',
    trustProxy: /^(1|true|yes)$/i.test(process.env.TRUST_PROXY ?? ''),
    ...(publicUrl ? { publicUrl } : {}),
    apiKey: process.env.KARAOKE_API_KEY || undefined,
    ...(Number.isFinite(maxUpload) && maxUpload > 0 ? { maxUploadBytes: maxUpload } : {}),
    ...extra,
  });
}
