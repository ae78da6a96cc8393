/**
 * Makes sure `npm run test:e2e` has a Chromium: Playwright's own, CHROMIUM_PATH, /usr/bin/chromium,
 * or (as root with apt-get) Debian's chromium installed here and now. Otherwise says what to run.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from '../e2e/chromium';

const INSTALL = 'apt-get update && apt-get install -y chromium';

const found = findChromium();
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`e2e: no Chromium found; installing Debian's chromium (${INSTALL})`);
  execSync(INSTALL, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findChromium();
  if (installed) {
    console.log(`e2e: using Chromium at ${installed}`);
    process.exit(0);
  }
}
console.error(
  `e2e: no Chromium found. Install one with:\n  sudo ${INSTALL}\nor point CHROMIUM_PATH at a Chromium binary.`,
);
process.exit(1);
