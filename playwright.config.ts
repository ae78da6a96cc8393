import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';

// The main process picks the temporary data directory and key once; workers inherit them.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'karaoke-e2e-'));
process.env.E2E_API_KEY ??= 'e2e-demo-key-0123456789abcdef';
const PORT = Number(process.env.E2E_PORT ?? 8797);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
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
    },
  },
});
