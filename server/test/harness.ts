import { afterAll, beforeAll } from 'vitest';
/**
 * Starts the real service over HTTP on a temporary DATA_DIR, for integration tests. With
 * TEST_BACKEND=postgres (the vitest project `node-postgres`, present when DATABASE_URL is set) each
 * service gets a fresh schema of that database instead of SQLite, and S3_* puts files in that store.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { ProblemDetailsSchema } from '../../src/contract';
import pg from 'pg';
import { createService, type KaraokeService, type ServiceOptions } from '../app';
import { createAccountWithKey } from '../db/accounts';
import { readS3Config } from '../storage/s3-config';
import { configureHttpServer } from '../http/server-options';

export const DEMO_KEY = 'test-demo-key-0123456789';

export interface Running {
  base: string;
  api: string;
  dataDir: string;
  /** The PostgreSQL schema's URL on that backend (start a second service on the same data). */
  databaseUrl: string | undefined;
  service: KaraokeService;
  /** Stops the server and the service; keeps the data directory unless `remove`. */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'karaoke-test-'));
}

export const onPostgres = process.env.TEST_BACKEND === 'postgres';
/** S3 is used with PostgreSQL when its variables are set. */
export const testS3 = onPostgres ? readS3Config(process.env) : undefined;

/** A new, empty schema of DATABASE_URL, as a URL whose connections use it. */
export async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_BACKEND=postgres needs DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export async function startService(options: Partial<ServiceOptions> = {}): Promise<Running> {
  const dataDir = options.dataDir ?? tempDataDir();
  const schema = onPostgres && !options.databaseUrl ? await freshSchema() : undefined;
  const databaseUrl = options.databaseUrl ?? schema?.url;
  const service = await createService({
    apiKey: DEMO_KEY,
    seed: false,
    s3: testS3,
    ...options,
    dataDir,
    databaseUrl,
  });
  const server: Server = configureHttpServer(createServer((req, res) => service.handle(req, res)));
  // Longer than fetch's own idle timeout (4 s): the client, not the server, closes an idle socket,
  // so a request is never sent on a socket the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  };
  return {
    base,
    api: `${base}/api/v1`,
    dataDir,
    databaseUrl,
    service,
    stop,
    async cleanup() {
      await stop();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's service, started before its tests (seeded with the demo project unless told) and
 * removed after them. Read its fields inside tests and hooks: they are filled in by `beforeAll`.
 */
export function serviceForSuite(options: Partial<ServiceOptions> = { seed: true }): Running {
  const running = {} as Running;
  beforeAll(async () => {
    Object.assign(running, await startService(options));
  });
  afterAll(() => running.cleanup());
  return running;
}

/** A second account (and key) in the same database, made the way the keys CLI makes one. */
export function createAccount(running: Running, email: string, credits?: number) {
  return createAccountWithKey(
    running.service.services.db,
    email,
    credits === undefined ? {} : { credits },
  );
}

export interface Call {
  status: number;
  headers: Headers;
  json: unknown;
}

/** One API call with a bearer key; the body is JSON unless it is a string (sent as is). */
export async function call(
  url: string,
  init: {
    method?: string;
    key?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? DEMO_KEY : init.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}

/** Parses a success body with the contract's response schema (fails the test loudly). */
export function parsed<T extends z.ZodType>(schema: T, result: Call, status = 200): z.output<T> {
  if (result.status !== status) {
    throw new Error(`expected ${status}, got ${result.status}: ${JSON.stringify(result.json)}`);
  }
  return schema.parse(result.json);
}

/** Checks a problem-details error and returns it. */
export function problem(result: Call, status: number) {
  if (result.status !== status) {
    throw new Error(`expected ${status}, got ${result.status}: ${JSON.stringify(result.json)}`);
  }
  if (!result.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new Error(`not problem+json: ${result.headers.get('content-type')}`);
  }
  return ProblemDetailsSchema.loose().parse(result.json);
}
