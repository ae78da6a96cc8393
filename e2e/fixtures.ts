import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { isolatedProject, type IsolatedProject } from './editor-fixtures';
import { API_KEY } from './service';

export { API_KEY, DATA_DIR, api, createAccount } from './service';

/** Opens the app signed in through the one-click `#key=` link and waits for the shell. */
export async function signIn(page: Page, key = API_KEY, path = '/'): Promise<void> {
  await page.goto(`${path}#key=${encodeURIComponent(key)}`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** A screenshot of the page in the test's output folder, attached to the report as `name`. */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** Freezes an object and everything in it: a shared fixture no test may change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Every test's page fails the test on an uncaught error in the app (a raw exception is a bug even
 * when the screen looks right).
 *
 * `sharedProject`: one account with one project made from the demo song exactly as
 * `isolatedProject` makes it (upload, create with lyrics, the real sync, words joined), made once
 * per worker and shared by the tests that never write to the service: they edit only the
 * browser's draft (IndexedDB) and preferences (localStorage), which live in each test's own
 * browser context. A test that saves, syncs, renders or changes settings takes `isolatedProject`.
 * The project is frozen: a test that tried to change the object would fail.
 */
export const test = base.extend<object, { sharedProject: IsolatedProject }>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
  sharedProject: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      try {
        await use(deepFreeze(await isolatedProject(request)));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});
export { expect };
