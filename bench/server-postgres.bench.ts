/**
 * The service figures of server.bench.ts again on PostgreSQL (and S3 when S3_* is set), when
 * DATABASE_URL is set: the same scenario in a fresh schema, each name ending in `.postgres`.
 * Without DATABASE_URL this prints nothing (`npm run services -- up` prints the variables).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const base = process.env.DATABASE_URL;
if (base) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  // %20, not the '+' URLSearchParams writes for a space.
  url.search = `${url.search ? `${url.search}&` : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/server.bench.ts'], {
      env: { ...process.env, BENCH_ON_POSTGRES: '1', DATABASE_URL: url.href },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) process.exitCode = 1;
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
