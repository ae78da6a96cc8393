// Issue 12: Import timings and Export timings "work with 100,000 items without freezing the page".
//
// The real editor page in Chromium against the real local service (scripts/start.mjs on a fresh
// DATA_DIR): a 60-minute WAV (8 kHz tone bursts) is uploaded and a project made from it through the
// API; the page opens its alignment; then, three times, an Enhanced LRC file of 100,000 words (written
// by src/formats, 8 words a line, 36 ms apart, shifted by 10 ms each round so every apply changes
// every word) is chosen with the Import timings button's file chooser, previewed and applied; then
// the draft is exported as Enhanced LRC and as JSON. Figures are main-thread long tasks (over 50 ms,
// PerformanceObserver 'longtask'), i.e. how long the page could not answer input:
// - read: from choosing the file until Apply is enabled (the parse runs in a Web Worker);
// - apply: from the Apply click until the word list shows the new first word and 1 s passes quietly
//   (the slices of the new document's diff, key lookup, validation and draft included); then the
//   same on a CPU Chromium throttles 4 times, as a loaded machine runs it;
// - export: from the menu click until the download starts (the writer runs in the worker).
// Wall times of each phase are reported without a budget. Headless software rendering on 2 shared
// cores: read the figures as a floor. The service runs on a free port in its own process group and is
// stopped on every exit path (bench/lib/cleanup.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { synthWav } from '../src/dsp/wav-encode';
import { writeTimings } from '../src/formats';
import { launchChromium } from './lib/browser';
import { benchTempDir, startService } from './lib/cleanup';
import { projectFromWav, serviceJson } from './lib/service-api';
import { report } from './report';

const KEY = 'bench-import-key-0123456789abcdef';
const N = 100_000;
const SPACING = 0.036;
const RATE = 8000;
const ROUNDS = 3;
/** Rounds of Apply on a CPU throttled SLOW_CPU times by Chromium (a loaded machine). */
const SLOW_ROUNDS = 2;
const SLOW_CPU = 4;
const root = new URL('..', import.meta.url).pathname;
let base = '';

const killer = setTimeout(() => {
  console.error('import-export bench: hard time limit reached');
  process.exit(2);
}, 10 * 60_000);
killer.unref();

const { json: api } = serviceJson(() => base, KEY);

/** 60 minutes of 8 kHz mono 16-bit PCM: a 0.3 s 440 Hz burst every second. */
function makeWav(seconds: number): Uint8Array<ArrayBuffer> {
  return synthWav(RATE, seconds * RATE, 1, (i) =>
    i % RATE < 0.3 * RATE ? Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 9000) / 32768 : 0,
  );
}

async function makeProject(): Promise<string> {
  const made = await projectFromWav(api, makeWav(3600), {
    filename: 'hour.wav',
    title: 'Import bench',
    limitMs: 180_000,
  });
  return made.projectId;
}

/** 100,000 words, shifted by `shift` seconds, as an Enhanced LRC file on disk. */
function timingFile(dir: string, round: number): { path: string; first: string } {
  const shift = round * 0.01;
  const items = Array.from({ length: N }, (_, i) => ({
    line: Math.floor(i / 8),
    word: i % 8,
    subword: 0,
    start: Math.round((i * SPACING + shift) * 1000) / 1000,
    end: Math.round((i * SPACING + SPACING * 0.8 + shift) * 1000) / 1000,
    text: `r${round}w${i}`,
  }));
  const path = join(dir, `round-${round}.lrc`);
  writeFileSync(path, writeTimings(items, 'elrc'));
  return { path, first: `r${round}w0` };
}

const PROBE = `(() => {
  const tasks = [];
  window.__tasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`;

const now = (page: Page) => page.evaluate(() => performance.now());
/** The longest main-thread task that started in [from, to] (0 when none passed 50 ms). */
const longest = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([a, b]) =>
      Math.max(
        0,
        ...(window as unknown as { __tasks: [number, number][] }).__tasks
          .filter(([start]) => start >= a! && start <= b!)
          .map(([, d]) => d),
      ),
    [from, to],
  );
/** Waits until no long task ended in the last `quietMs`. */
async function quiet(page: Page, quietMs = 1000) {
  for (const t0 = Date.now(); Date.now() - t0 < 60_000;) {
    const idle = await page.evaluate(() => {
      const last = (window as unknown as { __tasks: [number, number][] }).__tasks.at(-1);
      return performance.now() - (last ? last[0] + last[1] : 0);
    });
    if (idle >= quietMs) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Chooses `path` with Import timings; the dialog, once it has read the file (Apply enabled). */
async function openImport(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import timings' }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: 'Import timings' });
  await dialog
    .getByRole('button', { name: 'Apply' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 120_000 });
  return dialog;
}

async function main() {
  const dataDir = benchTempDir('bench-import');
  const service = await startService({
    args: [join(root, 'scripts', 'start.mjs')],
    cwd: root,
    env: { DATA_DIR: dataDir, KARAOKE_API_KEY: KEY },
  });
  base = service.base;
  const browser = await launchChromium('import-export');
  try {
    const projectId = await makeProject();
    const page = await browser.newPage();
    await page.addInitScript(PROBE);
    await page.goto(`${base}/projects/${projectId}#key=${KEY}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await quiet(page, 1500);

    const read: number[] = [];
    const apply: number[] = [];
    const exported: number[] = [];
    const wall = { read: [] as number[], apply: [] as number[], export: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const file = timingFile(dataDir, round);
      let t0 = await now(page);
      const dialog = await openImport(page, file.path);
      let t1 = await now(page);
      read.push(await longest(page, t0, t1));
      wall.read.push(t1 - t0);

      t0 = await now(page);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page
        .getByLabel(`Start of ${file.first}`, { exact: true })
        .waitFor({ timeout: 120_000 });
      t1 = await now(page);
      await quiet(page);
      apply.push(await longest(page, t0, await now(page)));
      wall.apply.push(t1 - t0);

      for (const label of ['Enhanced LRC (word times)', 'JSON (service items)']) {
        t0 = await now(page);
        await page.getByRole('button', { name: 'Export timings' }).click();
        const download = page.waitForEvent('download', { timeout: 120_000 });
        await page.getByRole('menuitem', { name: label }).click();
        await download;
        t1 = await now(page);
        exported.push(await longest(page, t0, t1));
        wall.export.push(t1 - t0);
      }
    }
    // The same Apply on a CPU made 4 times slower (Chromium's own throttling): what a loaded or
    // low-end machine sees, the figure a whole-document replace is budgeted on.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
    const slowApply: number[] = [];
    for (let round = ROUNDS + 1; round <= ROUNDS + SLOW_ROUNDS; round++) {
      const file = timingFile(dataDir, round);
      const dialog = await openImport(page, file.path);
      await quiet(page);
      const t0 = await now(page);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page
        .getByLabel(`Start of ${file.first}`, { exact: true })
        .waitFor({ timeout: 120_000 });
      await quiet(page);
      slowApply.push(await longest(page, t0, await now(page)));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    report('import 100k (elrc): longest main-thread task while reading', read, 200);
    report('import 100k: longest main-thread task of Apply (one undo step)', apply, 400);
    report(
      `import 100k: longest main-thread task of Apply, CPU ${SLOW_CPU}x slower`,
      slowApply,
      600,
    );
    report('export 100k (elrc, json): longest main-thread task', exported, 200);
    report('import 100k: read wall time (worker)', wall.read, 10_000);
    report('import 100k: Apply until the word list shows it', wall.apply, 5_000);
    report('export 100k: click to download (worker)', wall.export, 10_000);
  } finally {
    await browser.close();
    await service.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
