import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';

// The main process picks the temporary data directory and key once; workers inherit them.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'karaoke-e2e-'));
process.env.E2E_API_KEY ??= 'e2e-demo-key-0123456789abcdef';
const PORT = Number(process.env.E2E_PORT ?? 8797);

/**
 * Specs that use (and some change) the demo account's data: its project, presets, media. They run
 * one at a time in a project of their own (`workers: 1`). Every other spec makes its own account
 * (or uses the worker's shared read-only project, e2e/fixtures.ts), so it may run beside them.
 */
const DEMO_ACCOUNT_SPECS = [
  'a11y',
  'account',
  'editor-layout',
  'keyboard-journey',
  'library',
  'projects',
  'sign-in',
  'timeline',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  // Many tests make their project through the real sync first (tens of CPU seconds each); with two
  // workers on two cores that may take twice as long as alone.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two workers on the 2-core CI machine: while one test waits on the service (a sync, a render)
  // the other drives its browser. E2E_WORKERS=1 runs everything one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium-demo', testMatch: DEMO_ACCOUNT_SPECS, workers: 1 },
    { name: 'chromium', testIgnore: DEMO_ACCOUNT_SPECS },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      KARAOKE_API_KEY: process.env.E2E_API_KEY,
      // The e2e build carries the test hooks (window.__timeline); the production build does not.
      KTS_TEST_HOOKS: '1',
      // Two workers each have a sync (or a render) running at times, and a test may start a task of
      // its own: enough task slots that none waits in the queue behind another test's sync (the
      // default is one per core, two here).
      TASK_CONCURRENCY: '4',
    },
  },
});
