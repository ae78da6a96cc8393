import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';

export const API_KEY = process.env.E2E_API_KEY ?? '';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

/**
 * Who sends the API calls: a test's page (its `request`), or a request context of its own (a
 * worker-scoped fixture has no page). Both reach the same real service.
 */
export type Requester = Page | APIRequestContext;
const requestOf = (from: Requester): APIRequestContext => ('request' in from ? from.request : from);

/** A new account on the running service (`npm run keys -- create`), for tests that need isolation. */
export function createAccount(email: string): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/keys.ts', 'create', '--email', email],
    { env: { ...process.env, DATA_DIR }, encoding: 'utf8' },
  );
  const key = out.trim().split('\n').pop()?.trim();
  if (!key) throw new Error(`keys create printed no key: ${out}`);
  return key;
}

/** Calls the real API directly (setup and verification in tests; never a mock). */
export async function api<T>(
  from: Requester,
  method: string,
  path: string,
  body?: unknown,
  key = API_KEY,
): Promise<T> {
  const response = await requestOf(from).fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends a file's bytes to an upload URL (the second step of an upload). */
export async function putBytes(
  from: Requester,
  url: string,
  bytes: Buffer,
  contentType: string,
): Promise<void> {
  const put = await requestOf(from).put(url, {
    data: bytes,
    headers: { 'Content-Type': contentType },
  });
  if (!put.ok()) throw new Error(`upload PUT failed: ${put.status()}`);
}
