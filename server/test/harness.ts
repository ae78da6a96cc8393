/** Starts the real service over HTTP on a temporary DATA_DIR, for integration tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { ProblemDetailsSchema } from '../../src/contract';
import { createService, type KaraokeService, type ServiceOptions } from '../app';
import { createAccountWithKey } from '../db/accounts';
import { openDatabase } from '../db/database';
import { configureHttpServer } from '../http/server-options';

export const DEMO_KEY = 'test-demo-key-0123456789';

export interface Running {
  base: string;
  api: string;
  dataDir: string;
  service: KaraokeService;
  /** Stops the server and the service; keeps the data directory unless `remove`. */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'karaoke-test-'));
}

export async function startService(options: Partial<ServiceOptions> = {}): Promise<Running> {
  const dataDir = options.dataDir ?? tempDataDir();
  const service = await createService({ apiKey: DEMO_KEY, seed: false, ...options, dataDir });
  const server: Server = configureHttpServer(createServer((req, res) => service.handle(req, res)));
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
    service,
    stop,
    async cleanup() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second account (and key) in the same DATA_DIR, made the way the keys CLI makes one. */
export function createAccount(dataDir: string, email: string, credits?: number) {
  const db = openDatabase(dataDir);
  try {
    return createAccountWithKey(db, email, credits === undefined ? {} : { credits });
  } finally {
    db.close();
  }
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
