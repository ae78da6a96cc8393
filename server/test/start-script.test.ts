/**
 * `npm start` as a newcomer and a supervisor see it (issue 14): the banner prints a one-time
 * sign-in link and never a key; the link signs in once; killing the service process makes
 * `npm start` exit non-zero.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './harness';

const dataDir = tempDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start (scripts/start.mjs)', () => {
  it('prints a one-time sign-in link instead of the key, and exits non-zero when the service is killed', async () => {
    const launcher = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        KARAOKE_NO_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      launcher.on('exit', (code) => resolve(code)),
    );
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /Sign in with one click[^:]*: (http:\/\/\S+)/.exec(output);
        if (m?.[1]) {
          clearInterval(timer);
          resolve(m[1]);
        }
      }, 50);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`npm start exited (${code}) early:\n${output}`));
      });
    });
    const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
    expect(key.length).toBeGreaterThan(10);
    expect(output).not.toContain(key);

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/#key=${encodeURIComponent(key)}`);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);
    const me = await fetch(new URL('/api/v1/me', link), {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(me.status).toBe(200);

    // Kill the service process itself, as the OOM killer or kill -9 would.
    const service = execFileSync('pgrep', ['-P', String(launcher.pid)])
      .toString()
      .trim();
    expect(service).toMatch(/^\d+$/);
    process.kill(Number(service), 'SIGKILL');
    expect(await exited).toBe(137);
    expect(output).not.toContain(key);
  }, 120_000);
});
