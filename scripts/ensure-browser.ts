/**
 * Makes sure `npm run test:e2e` has a Chromium: Playwright's own, CHROMIUM_PATH, /usr/bin/chromium,
 * or (as root with apt-get) Debian's chromium installed here and now. Otherwise says what to run.
 */
import { ensureChromium } from '../e2e/ensure-chromium';

try {
  console.log(`e2e: using Chromium at ${ensureChromium('e2e')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
