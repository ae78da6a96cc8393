// `npm run bench`: runs every bench/*.ts in turn; each prints one JSON line per figure:
// {"name", "n", "p50", "p95", "budget", "unit"}. Exits non-zero when a bench fails to run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(root, 'bench', file)],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) {
    failed++;
    console.error(`bench ${file} exited with ${result.status}`);
  }
}
process.exit(failed ? 1 : 0);
