// `npm start`: build the app when the build is missing or older than its sources, then serve the
// app and the local Karaoke service from one Node process (server/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

// Lyrics sync's recogniser (installed with apt-get as root when missing; never fatal).
spawnSync(process.execPath, [join(root, 'scripts', 'ensure-aligner-tools.mjs')], {
  stdio: 'inherit',
});

// Video exports: ffmpeg with libass and the Noto fonts (same: installed as root when missing).
spawnSync(process.execPath, [join(root, 'scripts', 'ensure-render-tools.mjs')], {
  stdio: 'inherit',
});

// KTS_TEST_HOOKS=1 (Playwright, benchmarks): a build with the test hooks, kept apart in dist-test
// so the production build in dist never carries them.
const testHooks = process.env.KTS_TEST_HOOKS === '1';
const outDir = testHooks ? 'dist-test' : 'dist';
const built = join(root, outDir, 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  newestMtime(join(root, p)),
);
// KARAOKE_NO_BUILD=1 serves whatever dist/ holds (the start-script test runs without a build).
const stale = !existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs;
if (stale && process.env.KARAOKE_NO_BUILD !== '1') {
  console.log('Building the app (vite build)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: join(root, outDir) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// The service stops itself with 0 on Ctrl-C / SIGTERM. Killed by a signal (kill -9, the OOM
// killer, a crash), it has no code: exit 128 + the signal's number, as a shell does, so a
// supervisor sees the failure and restarts it.
child.on('exit', (code, signal) =>
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 1)),
);
