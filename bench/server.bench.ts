/**
 * The local service under load, over loopback, with the service in its own process (as `npm start`
 * runs it) so the load generator does not share its event loop:
 * - PUT of a 100,000-item alignment (budget 1 s) and GET of that project (budget 1 s);
 * - 50 clients polling GET /tasks/{id} once a second each for 10 s while a task runs (p95 < 10 ms).
 * - a poller's p95 while five 100k-item saves arrive at once, against its idle p95 (< 10x).
 * The service runs on a free port in its own process group, stopped on every exit path.
 *
 * Once on SQLite and local files; then, when `DATABASE_URL` is set (`eval "$(npm run -s services --
 * up)"`, or brought up here), again on PostgreSQL in a fresh schema and the S3 store, names ending in
 * `.postgres`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { song } from '../src/timing/test-items';
import { benchTempDir, startService } from './lib/cleanup';
import { serviceJson } from './lib/service-api';
import { report } from './report';

const KEY = 'bench-key-0123456789abcdef';

interface Backend {
  suffix: string;
  env: Record<string, string>;
  /** p95 budgets (ms) of this backend: every statement on PostgreSQL is a round trip. */
  budgets: { put: number; get: number; poll: number; idle: number; loaded: number };
}

interface Alignment {
  id: string;
  revision: string;
  name: string | null;
}

/** Five PUTs of the same body at once, then a message (a worker thread's code). */
const UPLOADER = `
const { workerData, parentPort } = require('node:worker_threads');
const put = () =>
  fetch(workerData.url, { method: 'PUT', headers: workerData.headers, body: workerData.body })
    .then(async (res) => (await res.arrayBuffer(), res.status));
Promise.all([put(), put(), put(), put(), put()]).then((statuses) => parentPort.postMessage(statuses));
`;

async function scenario(backend: Backend): Promise<void> {
  const { suffix, budgets } = backend;
  const service = await startService({
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      DATA_DIR: benchTempDir('karaoke-bench-server'),
      KARAOKE_API_KEY: KEY,
      ...backend.env,
    },
  });
  const { api, json, headers } = serviceJson(service.base, KEY);
  try {
    const [entry] = await json<{ id: string }[]>('/projects');
    if (!entry) throw new Error('no demo project');
    const project = await json<{ alignments: Alignment[] }>(`/projects/${entry.id}`);
    const alignment = project.alignments.find((a) => a.name === 'Local aligner');
    if (!alignment) throw new Error('no local alignment');
    // Every third item carries an id of the client's; the others get one spliced in (docs/adr/0010).
    // Texts as long as a real word's (`word<i>`: the body's size is part of what is measured).
    const items = song(100_000).map((x, i) => ({
      ...x,
      text: `word${i}`,
      ...(i % 3 === 0 ? { id: `given-${i}` } : {}),
    }));

    let revision = alignment.revision;
    const putSamples: number[] = [];
    for (let run = 0; run < 5; run++) {
      const body = JSON.stringify({ alignment: { items }, expectedRevision: revision });
      const t0 = performance.now();
      const res = await fetch(`${api}/projects/${entry.id}/alignments/${alignment.id}`, {
        method: 'PUT',
        headers,
        body,
      });
      const answer = await res.text();
      // The service's answer time: the client's own JSON.parse of 9 MB is not the service's.
      putSamples.push(performance.now() - t0);
      if (!res.ok) throw new Error(`PUT: ${res.status} ${answer.slice(0, 300)}`);
      revision = (JSON.parse(answer) as Alignment).revision;
    }
    report(`server.alignment.put-100k-items${suffix}`, putSamples, budgets.put);

    const getSamples: number[] = [];
    for (let run = 0; run < 10; run++) {
      const t0 = performance.now();
      const res = await fetch(`${api}/projects/${entry.id}`, { headers });
      await res.arrayBuffer();
      getSamples.push(performance.now() - t0);
    }
    report(`server.project.get-100k-items${suffix}`, getSamples, budgets.get);

    // A real task runs in the background while the clients poll it.
    const start = await json<{ taskId: string }>(`/projects/${entry.id}/tasks/stem-separation`, {
      method: 'POST',
      body: '{}',
    });
    const pollSamples: number[] = [];
    const client = async (offset: number) => {
      await sleep(offset);
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        const res = await fetch(`${api}/tasks/${start.taskId}`, { headers });
        await res.arrayBuffer();
        const took = performance.now() - t0;
        pollSamples.push(took);
        await sleep(Math.max(0, 1000 - took));
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => client(i * 20)));
    report(`server.tasks.poll-50-clients-1rps${suffix}`, pollSamples, budgets.poll);

    // Five 100k-item saves at once (one wins, four get 409 after their bodies were read and
    // checked: the parse is the load) while 10 clients poll every 50 ms; then the same, idle.
    const pollWhile = async (busy: Promise<unknown>) => {
      const samples: number[] = [];
      let done = false;
      void busy.finally(() => (done = true));
      const poller = async (offset: number) => {
        await sleep(offset);
        while (!done) {
          const t0 = performance.now();
          const res = await fetch(`${api}/tasks/${start.taskId}`, { headers });
          await res.arrayBuffer();
          samples.push(performance.now() - t0);
          await sleep(50);
        }
      };
      await Promise.all([busy, ...Array.from({ length: 10 }, (_, i) => poller(i * 5))]);
      return samples;
    };
    const bigBody = JSON.stringify({ alignment: { items }, expectedRevision: revision });
    // The five uploads go from a thread of their own: sent from this thread, writing 27 MB held
    // the pollers' own event loop, and their timings counted the client's work (about 10 ms of
    // the p95, measured) as the service's. Pollers and uploader are different clients.
    const saves = () =>
      new Promise<void>((resolve, reject) => {
        const uploader = new Worker(UPLOADER, {
          eval: true,
          workerData: {
            url: `${api}/projects/${entry.id}/alignments/${alignment.id}`,
            headers,
            body: bigBody,
          },
        });
        uploader.once('message', (statuses: number[]) => {
          void uploader.terminate();
          // a save is read and checked either way: stored (200) or refused as stale (409)
          if (statuses.every((status) => status === 200 || status === 409)) resolve();
          else reject(new Error(`a save failed: ${statuses.join(', ')}`));
        });
        uploader.once('error', reject);
      });
    const idle = await pollWhile(sleep(3000));
    const loaded: number[] = [];
    for (let round = 0; round < 3; round++) loaded.push(...(await pollWhile(saves())));
    const p95 = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
    report(`server.tasks.poll-idle${suffix}`, idle, budgets.idle);
    report(`server.tasks.poll-during-5-saves-100k${suffix}`, loaded, budgets.loaded);
    report(
      `server.tasks.poll-during-5-saves-100k.ratio-to-idle${suffix}`,
      [p95(loaded) / p95(idle)],
      10,
      'x',
    );
  } finally {
    await service.stop();
  }
}

const none = { DATABASE_URL: '', S3_ENDPOINT: '', S3_BUCKET: '', S3_REGION: '' };
await scenario({
  suffix: '',
  env: { ...none, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' },
  budgets: { put: 1000, get: 1000, poll: 10, idle: 10, loaded: 100 },
});

/**
 * PostgreSQL + S3 for the `.postgres` lines: DATABASE_URL (and S3_*) when set; otherwise the real
 * parts from `npm run services -- up` (as root; installed on a fresh machine), stopped again after
 * when this bench started them. `BENCH_POSTGRES=0` skips them.
 */
function postgresEnv(): { env: Record<string, string>; stop: () => void } | string {
  if (process.env.BENCH_POSTGRES === '0') return 'BENCH_POSTGRES=0';
  if (process.env.DATABASE_URL) {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && (k === 'DATABASE_URL' || k.startsWith('S3_'))) env[k] = v;
    return { env, stop: () => {} };
  }
  const script = new URL('../scripts/services.sh', import.meta.url).pathname;
  const running = spawnSync('bash', [script, 'status'], { stdio: 'ignore' }).status === 0;
  if (!running && process.getuid?.() !== 0)
    return "DATABASE_URL is not set and 'npm run services -- up' needs root";
  const up = spawnSync('bash', [script, 'up'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (up.status !== 0) return `'npm run services -- up' failed (exit ${up.status})`;
  const env: Record<string, string> = {};
  for (const m of up.stdout.matchAll(/^export ([A-Z0-9_]+)=(.*)$/gm)) env[m[1]!] = m[2]!;
  const stop = () => {
    if (!running) spawnSync('bash', [script, 'down'], { stdio: 'inherit' });
  };
  return { env, stop };
}

const backend = postgresEnv();
if (typeof backend === 'string') {
  console.error(`bench: ${backend}, so the .postgres lines are skipped`);
} else {
  const databaseUrl = backend.env.DATABASE_URL!;
  // A fresh schema for this run, dropped after.
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  // %20, not the '+' URLSearchParams writes for a space.
  url.search = `${url.search ? `${url.search}&` : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  try {
    await scenario({
      suffix: '.postgres',
      env: { ...backend.env, DATABASE_URL: url.href },
      budgets: { put: 2000, get: 1000, poll: 20, idle: 20, loaded: 200 },
    });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    backend.stop();
  }
}
