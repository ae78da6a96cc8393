// `npm run bench [-- <name>...] [--save <file>] [--compare <file>]`: runs every bench/*.bench.ts
// (or those whose file name contains one of the names), each in its own process group. Each bench
// prints one JSON line per figure, {"name","n","p50","p95","budget","unit","ok"} (see
// scripts/bench-lines.mjs); the runner passes them through on stdout and exits non-zero when a line
// misses its budget, has none, or a bench fails to run (or prints nothing).
//
// Cleanup on every exit path: each bench gets a temporary folder (BENCH_TMPDIR) that is removed
// when it ends, however it ends; the process group of the bench is killed after it exits (a crash
// leaves no browser or service behind), and so is every group the bench registered in
// BENCH_TMPDIR/children.pids (services it starts in their own group; bench/lib/cleanup.ts). Ctrl-C
// or SIGTERM on the runner asks the bench to stop (SIGTERM), then kills what is left.
//
// --save <file>: also write the lines of this run to <file> (JSON lines).
// --compare <file>: after the run, print each line's change against that saved run (stderr).
// --compare <old> --against <new>: only compare two saved runs, run nothing.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { compareRuns, formatComparison, judge, parseLine, parseRun } from './bench-lines.mjs';

const root = new URL('..', import.meta.url).pathname;
const benchDir = process.env.BENCH_DIR ?? join(root, 'bench');
const FILE_LIMIT_MS = Number(process.env.BENCH_FILE_LIMIT_MS ?? 15 * 60_000);
const GRACE_MS = 5000;

function parseArgs(argv) {
  const opts = { only: [], save: null, compare: null, against: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--save' || arg === '--compare' || arg === '--against') {
      const value = argv[++i];
      if (!value) fail(`${arg} needs a file`);
      opts[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else opts.only.push(arg);
  }
  return opts;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const log = (line) => console.error(`bench: ${line}`);

function readRun(file) {
  try {
    return parseRun(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`cannot read ${file}: ${error.message}`);
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

/** The bench now running: its process, temp folder, and how to end it. */
let current = null;

function reap(run) {
  killGroup(run.child.pid, 'SIGKILL');
  let pids = [];
  try {
    pids = readFileSync(join(run.tmp, 'children.pids'), 'utf8').split('\n').filter(Boolean);
  } catch {
    // the bench started no service
  }
  for (const pid of pids) killGroup(Number(pid), 'SIGKILL');
  rmSync(run.tmp, { recursive: true, force: true });
}

function runFile(file) {
  const tmp = mkdtempSync(join(tmpdir(), 'karaoke-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', join(benchDir, file)], {
    cwd: root,
    detached: true, // its own process group: killing it reaches the browser and services too
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_TMPDIR: tmp },
  });
  const run = { child, tmp, lines: [] };
  current = run;
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (text) => {
    const line = parseLine(text);
    if (line) {
      run.lines.push(line);
      console.log(JSON.stringify(line));
    } else if (text.trim()) console.error(text);
  });
  const limit = setTimeout(() => {
    log(`${file}: over ${FILE_LIMIT_MS} ms, stopping it`);
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), GRACE_MS).unref();
  }, FILE_LIMIT_MS);
  return new Promise((resolve) => {
    child.on('error', (error) => log(`${file}: ${error.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      reap(run);
      current = null;
      resolve({ code: code ?? (signal ? 128 : 1), signal, lines: run.lines });
    });
  });
}

let stopping = false;
async function stopAndExit(code) {
  stopping = true; // main() must not go on to the next bench nor exit with its own code
  const run = current;
  if (run) {
    killGroup(run.child.pid, 'SIGTERM');
    const t0 = Date.now();
    while (
      run.child.exitCode === null &&
      run.child.signalCode === null &&
      Date.now() - t0 < GRACE_MS
    )
      await new Promise((r) => setTimeout(r, 50));
    reap(run);
  }
  process.exit(code);
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    log(`${signal}: stopping the bench and cleaning up`);
    void stopAndExit(code);
  });
}
process.on('uncaughtException', (error) => {
  log(`runner crashed: ${error.stack ?? error}`);
  void stopAndExit(1);
});

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.against) {
    if (!opts.compare) fail('--against needs --compare <old>');
    console.log(formatComparison(compareRuns(readRun(opts.compare), readRun(opts.against))));
    return 0;
  }
  const before = opts.compare ? readRun(opts.compare) : null;
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => opts.only.length === 0 || opts.only.some((o) => f.includes(o)))
    .sort();
  if (files.length === 0) fail(`no bench matches ${opts.only.join(', ')}`);
  if (opts.save) writeFileSync(opts.save, '');
  log(
    `load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const problems = [];
  const all = [];
  for (const file of files) {
    const t0 = Date.now();
    const result = await runFile(file);
    if (stopping) return new Promise(() => {}); // stopAndExit() exits
    log(`${file}: ${result.lines.length} lines in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    if (result.code !== 0) problems.push(`${file} exited with ${result.signal ?? result.code}`);
    else if (result.lines.length === 0) problems.push(`${file} printed no figures`);
    for (const line of result.lines) {
      const verdict = judge(line);
      if (!verdict.ok) problems.push(`${line.name}: ${verdict.why}`);
      if (opts.save) appendFileSync(opts.save, `${JSON.stringify(line)}\n`);
    }
    all.push(...result.lines);
  }
  log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (before) console.error(formatComparison(compareRuns(before, all)));
  if (problems.length) {
    log(`${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    return 1;
  }
  log(`all ${all.length} lines within budget`);
  return 0;
}

process.exit(await main());
