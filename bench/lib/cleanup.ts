/**
 * What a bench starts, it stops on every exit path: normal end, exception, SIGINT/SIGTERM, and
 * (through the runner, scripts/bench.mjs) a crash. Services run in their own process group, which
 * is killed whole (`node scripts/start.mjs` has a child of its own), and their group ids are
 * written to BENCH_TMPDIR/children.pids so the runner can kill them even when this process dies
 * without running any handler. Temporary folders live under BENCH_TMPDIR, which the runner removes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Cleanup = () => void;
const cleanups: Cleanup[] = [];
let installed = false;

function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      fn?.();
    } catch (error) {
      console.error(`bench cleanup: ${String(error)}`);
    }
  }
}

function install() {
  if (installed) return;
  installed = true;
  process.on('exit', runCleanups);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      console.error(`bench: ${signal}, cleaning up`);
      process.exit(code); // runs the 'exit' cleanups
    });
  }
  process.on('uncaughtException', (error) => {
    console.error(error);
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    process.exit(1);
  });
}

/** Runs `fn` (synchronously) when the process exits, however it exits. Returns the unregister. */
export function onExit(fn: Cleanup): () => void {
  install();
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** A temporary folder, removed at exit (and by the runner if this process is killed). */
export function benchTempDir(prefix: string): string {
  const dir = mkdtempSync(join(process.env.BENCH_TMPDIR ?? tmpdir(), `${prefix}-`));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Tells the runner to kill this process group if this bench dies before it does. */
export function registerGroup(pid: number | undefined) {
  const tmp = process.env.BENCH_TMPDIR;
  if (tmp && pid) appendFileSync(join(tmp, 'children.pids'), `${pid}\n`);
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export interface Service {
  /** e.g. http://127.0.0.1:41234 */
  readonly base: string;
  readonly child: ChildProcess;
  /** What it printed on stdout until it was up. */
  readonly startupOutput: string;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface ServiceOptions {
  /** Arguments to node, e.g. ['scripts/start.mjs'] or ['--import', 'tsx', 'server/main.ts']. */
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  /** Startup limit (a first `npm start` builds the app). */
  limitMs?: number;
}

/**
 * Starts a service on a free port (PORT=0; it prints "running at http://host:port/") in its own
 * process group, stopped at exit.
 */
export async function startService(options: ServiceOptions): Promise<Service> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    detached: true,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${options.args.join(' ')}`);
  registerGroup(pid);
  const unregister = onExit(() => killGroup(pid, 'SIGKILL'));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (graceMs = 5000) => {
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    killGroup(pid, 'SIGKILL'); // anything left in the group
    unregister();
  };
  const limitMs = options.limitMs ?? 180_000;
  let out = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service not up in ${limitMs} ms`)), limitMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/[^\s/]+)\//.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${out.slice(-500)}`));
    });
  });
  // keep draining its output so it never blocks on a full pipe
  child.stdout?.resume();
  return { base, child, startupOutput: out, stop };
}
