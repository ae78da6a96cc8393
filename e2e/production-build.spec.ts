import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Every file under `dir` whose text contains `needle` (relative paths). */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (readFileSync(path, 'utf8').includes(needle)) found.push(path.slice(dir.length + 1));
    }
  };
  walk(dir);
  return found;
}

// Test hooks (window.__timeline) are compiled into test builds only (vite.config.ts `define`).
test('the production build carries no test hook; the e2e build does', () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'kts-prod-build-'));
  try {
    const env = { ...process.env };
    delete env.KTS_TEST_HOOKS;
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', out], {
      env,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    // Scripts and source maps alike.
    expect(filesContaining(out, '__timeline')).toEqual([]);
    expect(filesContaining(out, 'clientPointOf')).toEqual([]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  // The build this run's server serves (KTS_TEST_HOOKS=1): the same search finds the hook there.
  expect(filesContaining('dist-test', '__timeline').length).toBeGreaterThan(0);
});
