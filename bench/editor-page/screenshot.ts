// `npx tsx bench/editor-page/screenshot.ts [out.png]`: the bench page with a selection, playhead
// and problems, for a look at the timeline (and the README).
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium';

const out = process.argv[2] ?? '/tmp/timeline.png';
const demo = process.argv[3]?.startsWith('demo') ?? false;
const midDrag = process.argv[3] === 'demo-drag';
const zoomed = process.argv[3] === 'demo-zoom';
const server = await createServer({
  configFile: false,
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The page drives the timeline through its test hook, compiled in only where this is true.
  define: { __TEST_HOOKS__: 'true' },
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0 },
});
await server.listen();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 420 } });
  page.on('console', (m) => console.log('page:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));
  const base = server.resolvedUrls?.local[0] ?? '';
  if (demo) {
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto(`${base}?demo`);
    await page.waitForFunction(() => window.__timeline !== undefined);
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForTimeout(2500);
    for (const key of ['w9', 'w10']) {
      const p = await page.evaluate((k) => window.__timeline?.clientPointOf(k) ?? null, key);
      if (key === 'w10') await page.keyboard.down('Control');
      if (p) await page.mouse.click(p.x, p.y);
      if (key === 'w10') await page.keyboard.up('Control');
    }
    const h = await page.evaluate(() => window.__timeline?.clientPointOf('w14') ?? null);
    if (h) await page.mouse.move(h.x, h.y);
    if (h && zoomed) {
      // Zoom in around a word: the waveform must stay under the words once wavesurfer re-renders.
      await page.keyboard.down('Control');
      for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
      await page.keyboard.up('Control');
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.waitForTimeout(800);
    }
    if (h && midDrag) {
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(h.x + i * 3.3, h.y);
    }
    await page.waitForTimeout(400);
  } else {
    await page.goto(base);
    await page.waitForFunction(() => typeof window.bench === 'object');
    await page.evaluate(() => window.bench.prepare(2000, 720));
    await page.evaluate(() => window.bench.mountCanvas(720, 12, ['w170', 'w171', 'w172']));
    await page.evaluate(() => window.bench.setView(58, 12));
    await page.evaluate(() => window.bench.setPlayhead(63.2));
    const p = await page.evaluate(() => window.__timeline?.clientPointOf('w180') ?? null);
    if (p) await page.mouse.move(p.x, p.y);
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: out });
  console.log(out);
} finally {
  await browser.close();
  await server.close();
}
