/**
 * The local service under load, over loopback, with the service in its own process (as `npm start`
 * runs it) so the load generator does not share its event loop:
 * - PUT of a 100,000-item alignment (budget 2 s) and GET of that project (budget 1 s);
 * - 50 clients polling GET /tasks/{id} once a second each for 10 s while a task runs (p95 < 50 ms);
 * - a poller's p95 while five 100k-item saves arrive at once, against its idle p95 (< 10x).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { report } from './report';

const KEY = 'bench-key-0123456789abcdef';
const dataDir = mkdtempSync(join(tmpdir(), 'karaoke-bench-'));
// SQLite unless server-postgres.bench.ts runs this file on a PostgreSQL schema (names get a suffix).
const onPostgres = process.env.BENCH_ON_POSTGRES === '1';
const suffix = onPostgres ? '.postgres' : '';
const backend = onPostgres
  ? {}
  : { DATABASE_URL: '', S3_ENDPOINT: '', S3_BUCKET: '', S3_REGION: '' };
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    ...backend,
    ...(onPostgres ? {} : { S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    KARAOKE_API_KEY: KEY,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /running at (http:\/\/[^\s/]+)\//.exec(out);
    if (m?.[1]) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`service exited with ${code}`)));
});
const api = `${base}/api/v1`;
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${api}${path}`, { ...init, headers });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Alignment {
  id: string;
  revision: string;
  name: string | null;
}

try {
  const [entry] = await json<{ id: string }[]>('/projects');
  if (!entry) throw new Error('no demo project');
  const project = await json<{ alignments: Alignment[] }>(`/projects/${entry.id}`);
  const alignment = project.alignments.find((a) => a.name === 'Local aligner');
  if (!alignment) throw new Error('no local alignment');
  const items = Array.from({ length: 100_000 }, (_, i) => ({
    line: Math.floor(i / 8),
    word: i % 8,
    subword: 0,
    start: i * 0.25,
    end: i * 0.25 + 0.2,
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
  report(`server.alignment.put-100k-items${suffix}`, putSamples, 2000);

  const getSamples: number[] = [];
  for (let run = 0; run < 10; run++) {
    const t0 = performance.now();
    const res = await fetch(`${api}/projects/${entry.id}`, { headers });
    await res.arrayBuffer();
    getSamples.push(performance.now() - t0);
  }
  report(`server.project.get-100k-items${suffix}`, getSamples, 1000);

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
  report(`server.tasks.poll-50-clients-1rps${suffix}`, pollSamples, 50);

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
  const saves = () =>
    Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${api}/projects/${entry.id}/alignments/${alignment.id}`, {
          method: 'PUT',
          headers,
          body: bigBody,
        }).then((res) => res.arrayBuffer()),
      ),
    );
  const idle = await pollWhile(sleep(3000));
  const loaded: number[] = [];
  for (let round = 0; round < 3; round++) loaded.push(...(await pollWhile(saves())));
  const p95 = (xs: number[]) =>
    [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
  report(`server.tasks.poll-idle${suffix}`, idle, null);
  report(`server.tasks.poll-during-5-saves-100k${suffix}`, loaded, null);
  report(
    `server.tasks.poll-during-5-saves-100k.ratio-to-idle${suffix}`,
    [p95(loaded) / p95(idle)],
    10,
    'x',
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
