import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags that work headless as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

/** Playwright's own Chromium if installed, else CHROMIUM_PATH, else /usr/bin/chromium. */
export function findChromium(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // no bundled browser registered
  }
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser');
  return candidates.find((path) => path && existsSync(path));
}
