/**
 * The local Karaoke service, without listening: `createService` composes the ports (database,
 * file store, task queue) and the task worker from its options and returns a request handler that
 * main.ts mounts on node:http and vite.config.ts mounts inside the dev server.
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Services } from './context';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
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
import { claimSeeding, seedDemo } from './seed/demo';
import type { FileStore } from './storage/file-store';
import { LocalFileStore } from './storage/local-files';
import { answerSignIn } from './http/sign-in-page';
import { createSignInToken, redeemSignInToken } from './signin-links';
import { serveFile } from './routes/files';
import { sweepFiles } from './storage/housekeeping';
import { UrlSigner } from './storage/signing';
import { defaultTaskConcurrency, DspRunner } from './tasks/dsp-runner';
import { createProcessor } from './tasks/processors';
import { SqlTaskQueue } from './tasks/sql-queue';
import { TaskWorker } from './tasks/worker';
import { readS3Config, type S3Config } from './storage/s3-config';

/** `api` serves HTTP only, `worker` runs tasks only, `all` does both (one process, the default). */
export type ServiceRole = 'api' | 'worker' | 'all';

export interface ServiceOptions {
  /** Where the SQLite database, local files and the demo key live. */
  dataDir: string;
  /** `postgres://…` selects PostgreSQL instead of SQLite in dataDir. */
  databaseUrl?: string | undefined;
  /** An S3-compatible store for file bytes instead of dataDir/files. */
  s3?: S3Config | undefined;
  role?: ServiceRole;
  /** The demo account's API key; when unset one is created once and kept in dataDir. */
  apiKey?: string;
  /** Built app to serve at `/` (SPA fallback to index.html); none in the dev server. */
  staticDir?: string;
  /** Largest upload accepted, in bytes (default 1 GiB). */
  maxUploadBytes?: number;
  log?: (line: string) => void;
  /** Seed the demo project on a fresh database (default true; tests may skip it). */
  seed?: boolean;
  /** Run queued tasks (default: the role runs them; a test turns it off to leave a task waiting). */
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
  /** The composed ports (tests and tools reach the same database and store through them). */
  readonly services: Services;
  /** This process's name on the tasks it claims (tasks.worker_id). */
  readonly workerId: string;
  /** A one-time sign-in link for the demo account (the start-up banner prints it). */
  signInLink(base: string): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

async function openFiles(
  db: Database,
  dataDir: string,
  s3: S3Config | undefined,
): Promise<{ files: FileStore; localFiles: LocalFileStore | undefined }> {
  if (s3) {
    const { S3FileStore } = await import('./storage/s3-files');
    const store = new S3FileStore(s3, dataDir);
    await store.ensureBucket();
    return { files: store, localFiles: undefined };
  }
  // Processes sharing a PostgreSQL database must accept each other's links: the secret is in it.
  const signer =
    db.dialect === 'postgres' ? await UrlSigner.fromDatabase(db) : UrlSigner.fromDataDir(dataDir);
  const localFiles = new LocalFileStore(dataDir, signer);
  return { files: localFiles, localFiles };
}

export async function createService(options: ServiceOptions): Promise<KaraokeService> {
  const log = options.log ?? (() => undefined);
  const role = options.role ?? 'all';
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  const { files, localFiles } = await openFiles(db, dataDir, options.s3);
  // An api process runs no DSP: its runner never starts a thread.
  const dsp = new DspRunner(log, options.taskConcurrency ?? defaultTaskConcurrency());
  const tasks = new SqlTaskQueue(db, log);
  const worker = new TaskWorker(tasks, createProcessor({ db, files, dsp }), log, {
    concurrency: dsp.threads,
    // SQLite serves one process: what was in progress at start was cut off by our own stop.
    resumeOnStart: db.dialect === 'sqlite',
    pollMs: db.dialect === 'sqlite' ? 1000 : 500,
  });
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
    localFiles,
    tasks,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    log,
  };
  const idempotency = new IdempotencyStore(db);
  const demo = await ensureDemoAccount(db, dataDir, options.apiKey);
  if (options.seed !== false) await seedOnce({ db, files, dsp }, demo.accountId, log);
  const sweeper = await startHousekeeping(services, idempotency, options.sweepIntervalMs);
  if (options.worker ?? role !== 'api') await worker.start();
  const route = router({
    role,
    demoApiKey: demo.apiKey,
    services,
    idempotency,
    limiter: new AuthLimiter(services.origin.trustProxy),
    staticDir: options.staticDir,
  });
  return {
    demoApiKey: demo.apiKey,
    services,
    workerId: worker.workerId,
    signInLink: async (base) => `${base}/signin/${await createSignInToken(db)}`,
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
      const stopping = worker.stop();
      await dsp.close();
      await largeBodies.close();
      await stopping;
      await db.close();
    },
  };
}

/** The demo data, made once per database (the first process to claim it). */
async function seedOnce(
  deps: Parameters<typeof seedDemo>[0],
  accountId: string,
  log: (line: string) => void,
): Promise<void> {
  if (!(await claimSeeding(deps.db))) return;
  const t0 = Date.now();
  try {
    await seedDemo(deps, accountId);
    log(`Demo data created in ${Date.now() - t0} ms.`);
  } catch (error) {
    // The API is still useful without the demo project: say why and carry on.
    log(`Demo data could not be created: ${(error as Error).stack ?? String(error)}`);
  }
}

/**
 * Leftovers of a crash go before any task or upload can start a new `.part` (on a database shared
 * by several processes, only old ones: another process may be writing the young ones); then every
 * `intervalMs`, expired uploads and idempotency keys. Returns the timer.
 */
async function startHousekeeping(
  services: Services,
  idempotency: IdempotencyStore,
  intervalMs = 3600_000,
): Promise<ReturnType<typeof setInterval>> {
  const { db, files, log } = services;
  const sweepAll = async (atStart: boolean) => {
    const swept = await sweepFiles(db, files, { atStart: atStart && db.dialect === 'sqlite' });
    if (swept.parts + swept.files > 0) {
      log(`Removed ${swept.parts} partial file(s) and ${swept.files} expired upload(s).`);
    }
    await idempotency.sweep();
  };
  await sweepAll(true);
  const sweeper = setInterval(() => {
    sweepAll(false).catch((error: unknown) => log(`Housekeeping: ${String(error)}`));
  }, intervalMs);
  sweeper.unref();
  return sweeper;
}

interface RouterDeps {
  role: ServiceRole;
  demoApiKey: string;
  services: Services;
  idempotency: IdempotencyStore;
  limiter: AuthLimiter;
  staticDir?: string | undefined;
}

/** Where a request goes: health, sign-in links, the API, signed files and uploads, the app. */
function router(d: RouterDeps) {
  const { role, services, idempotency, limiter } = d;
  const { db, localFiles } = services;
  return async function route(req: IncomingMessage, res: ServerResponse, next?: () => void) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    // Static files get the app's policy in serveStatic; what falls through to `next` gets none.
    setSecurityHeaders(res);
    if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (role === 'worker') {
      // A worker answers health checks only: the load balancer sends the API to api processes.
      throw new HttpError(404, 'This process runs tasks only (SERVICE_ROLE=worker).');
    }
    const signIn = /^\/signin\/([^/]+)$/.exec(path);
    if (signIn?.[1] && (req.method === 'GET' || req.method === 'HEAD')) {
      const valid = await redeemSignInToken(db, signIn[1]);
      return answerSignIn(res, valid ? d.demoApiKey : undefined);
    }
    const api = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const filesPath = localFiles && /^\/files\/([^/]+)$/.exec(path);
    const uploadPath = localFiles && /^\/uploads\/([^/]+)$/.exec(path);
    if (api || filesPath || uploadPath) {
      setCors(res);
      if (req.method === 'OPTIONS') return answerPreflight(res);
    }
    if (api) return dispatchApi(req, res, url, services, handlers, idempotency, limiter);
    if (localFiles && filesPath?.[1]) {
      return serveFile(req, res, filesPath[1], url.searchParams, db, localFiles);
    }
    if (localFiles && uploadPath?.[1]) {
      return receiveUpload(req, res, uploadPath[1], url.searchParams, { ...services, localFiles });
    }
    if (d.staticDir && (await serveStatic(d.staticDir, path, req, res))) return;
    if (next) {
      for (const name of SECURITY_HEADERS) res.removeHeader(name);
      return next();
    }
    throw new HttpError(404, `Nothing at ${path}.`);
  };
}

function roleFromEnv(value: string | undefined): ServiceRole {
  if (!value) return 'all';
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw new Error(`SERVICE_ROLE must be api, worker or all (not ${value}).`);
}

/**
 * Options from the environment: DATA_DIR, DATABASE_URL, S3_*, SERVICE_ROLE, KARAOKE_API_KEY,
 * MAX_UPLOAD_BYTES, PUBLIC_URL, TRUST_PROXY.
 */
export function serviceOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceOptions {
  const maxUpload = Number(env.MAX_UPLOAD_BYTES);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  if (env.PUBLIC_URL && !publicUrl) {
    throw new Error(`PUBLIC_URL must be an http(s) URL; got ${env.PUBLIC_URL}`);
  }
  return {
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
    ...(publicUrl ? { publicUrl } : {}),
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    s3: readS3Config(env),
    role: roleFromEnv(env.SERVICE_ROLE),
    apiKey: env.KARAOKE_API_KEY || undefined,
    ...(Number.isFinite(maxUpload) && maxUpload > 0 ? { maxUploadBytes: maxUpload } : {}),
  };
}

export function createServiceFromEnv(extra: Partial<ServiceOptions> = {}): Promise<KaraokeService> {
  return createService({ ...serviceOptionsFromEnv(), ...extra });
}
