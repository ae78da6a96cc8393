import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

const INSTALL = 'apt-get update && apt-get install -y chromium';

/**
 * A Chromium for the e2e tests and the benchmarks: Playwright's own, CHROMIUM_PATH,
 * /usr/bin/chromium, or (as root with apt-get) Debian's chromium installed here and now.
 * Otherwise throws with the command to run.
 */
export function ensureChromium(label: string): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.error(`${label}: no Chromium found; installing Debian's chromium (${INSTALL})`);
    execSync(INSTALL, {
      stdio: ['ignore', 2, 2], // stdout of a bench carries only its figures
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    `${label}: no Chromium found. Install one with:\n  sudo ${INSTALL}\nor point CHROMIUM_PATH at a Chromium binary.`,
  );
}
