import { execFileSync } from 'node:child_process';
import { test as base, expect, type Page } from '@playwright/test';

export const API_KEY = process.env.E2E_API_KEY ?? '';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

/** Opens the app signed in through the one-click `#key=` link and waits for the shell. */
export async function signIn(page: Page, key = API_KEY, path = '/'): Promise<void> {
  await page.goto(`${path}#key=${encodeURIComponent(key)}`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

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
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  key = API_KEY,
): Promise<T> {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Every test's page fails the test on an uncaught error in the app (a raw exception is a bug even
 * when the screen looks right).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});
export { expect };
