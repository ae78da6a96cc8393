// The bench runner leaves nothing behind, however it ends: a fixture bench (bench/lib/fixtures)
// starts a service with a child of its own on a free port and makes a temporary folder; the test
// ends the run in each way a run ends and checks the port, the processes and the folders are gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

interface Fixture {
  bench: number;
  service: number;
  grandchild: number;
  port: number;
  tmp: string;
  runnerTmp: string | null;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function startRunner(env: Record<string, string> = {}) {
  const runner = spawn(process.execPath, [join(root, 'scripts', 'bench.mjs')], {
    cwd: root,
    env: { ...process.env, BENCH_DIR: join(root, 'bench', 'lib', 'fixtures'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(runner);
  let stdout = '';
  let stderr = '';
  runner.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const fixture = new Promise<Fixture>((resolve, reject) => {
    runner.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /fixture (\{.*\})/.exec(stderr);
      if (m?.[1]) resolve(JSON.parse(m[1]) as Fixture);
    });
    runner.once('exit', (code) => reject(new Error(`runner exited (${code}): ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) =>
    runner.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return { runner, fixture, exited, out: () => stdout, err: () => stderr };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function expectAllGone(f: Fixture) {
  // A killed process is gone once its parent has reaped it: give it a moment.
  for (let i = 0; i < 50 && [f.bench, f.service, f.grandchild].some(alive); i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(alive(f.bench)).toBe(false);
  expect(alive(f.service)).toBe(false);
  expect(alive(f.grandchild)).toBe(false);
  expect(await listening(f.port)).toBe(false);
  expect(existsSync(f.tmp)).toBe(false);
  expect(f.runnerTmp && existsSync(f.runnerTmp)).toBe(false);
}

/**
 * Starts a run, ends it with `end` (nothing: it ends by itself), and checks its exit code and
 * that it left nothing behind; returns the run for what else a test reads of it.
 */
async function endRun(
  code: number,
  end: (run: ReturnType<typeof startRunner>, f: Fixture) => void | Promise<void>,
  env: Record<string, string> = {},
) {
  const run = startRunner(env);
  const f = await run.fixture;
  await end(run, f);
  expect(await run.exited).toBe(code);
  await expectAllGone(f);
  return run;
}

describe('bench runner cleanup', () => {
  it('SIGTERM to the runner: the bench, its service (and its child), port and folders go', async () => {
    await endRun(143, async (run, f) => {
      expect(alive(f.service) && alive(f.grandchild)).toBe(true);
      expect(await listening(f.port)).toBe(true);
      expect(existsSync(f.tmp)).toBe(true);
      run.runner.kill('SIGTERM');
    });
  });

  it('SIGINT (Ctrl-C) to the runner: the same', async () => {
    await endRun(130, (run) => {
      run.runner.kill('SIGINT');
    });
  });

  it('the bench crashes (SIGKILL, no handler runs): the runner kills what it left and fails', async () => {
    const run = await endRun(1, (_, f) => {
      process.kill(f.bench, 'SIGKILL');
    });
    expect(run.err()).toMatch(/hang\.bench\.ts exited with SIGKILL/);
  });

  it('a bench that ends normally stops its service itself; its line passes through', async () => {
    const run = await endRun(0, () => {}, { HANG_FIGURE: '1' });
    expect(run.out()).toContain('"name":"fixture.figure"');
  });
});
