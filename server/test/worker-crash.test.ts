/**
 * Many processes on one PostgreSQL database (issue 15): an api-only service here, task workers
 * as child processes (`SERVICE_ROLE=worker`, as `npm start` runs them). A worker killed with
 * SIGKILL in the middle of a lyrics sync: another worker takes the task once its lease runs out,
 * the task completes once, one alignment is added, and the credits are charged once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { CreditBalanceSchema, ProjectSchema, TaskStartSchema } from '../../src/contract';
import { createProject, demoSong, upload, waitForTask } from './flow';
import { call, onPostgres, parsed, startService, testS3, type Running } from './harness';

const children: ChildProcess[] = [];
const running: Running[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const r of running) await r.cleanup();
});

function startWorker(svc: Running): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SERVICE_ROLE: 'worker',
      DATABASE_URL: svc.databaseUrl,
      DATA_DIR: svc.dataDir,
      TASK_LEASE_MS: '3000',
      TASK_CONCURRENCY: '1',
      ...(testS3 ? {} : { S3_ENDPOINT: '', S3_BUCKET: '', S3_REGION: '' }),
      ...(testS3 ? {} : { S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

interface TaskRow {
  status: string;
  worker_id: string | null;
  attempts: number;
}

describe.runIf(onPostgres)('a worker killed in the middle of a task', () => {
  it('completes the task once, with one alignment and one charge', async () => {
    const svc = await startService({ role: 'api' });
    running.push(svc);
    const db = svc.service.services.db;
    const credits = async () =>
      parsed(CreditBalanceSchema, await call(`${svc.api}/credits`)).availableBalance;
    const { inputFileId } = await upload(svc.api, demoSong());
    const first = startWorker(svc);
    const made = await createProject(svc.api, { inputFileId, title: 'Crash' });
    expect((await waitForTask(svc.api, made.taskId)).status).toBe('completed');
    const projectUrl = `${svc.api}/projects/${made.projectId}`;
    const alignmentsBefore = parsed(ProjectSchema, await call(projectUrl)).alignments.length;
    const before = await credits();

    const sync = parsed(
      TaskStartSchema,
      await call(`${projectUrl}/tasks/lyrics-sync`, {
        method: 'POST',
        body: { lyricsSource: { type: 'transcribe', lyrics: 'The morning light' } },
      }),
    );
    // Wait for the worker to claim it, then kill it while the DSP runs.
    let row: TaskRow | undefined;
    for (let i = 0; i < 400; i++) {
      row = await db.one<TaskRow>('SELECT * FROM tasks WHERE id = ?', sync.taskId);
      if (row?.status !== 'queued') break;
      await sleep(25);
    }
    expect(row?.status).toBe('in-progress');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const cut = await db.one<TaskRow>('SELECT * FROM tasks WHERE id = ?', sync.taskId);
    expect(cut).toMatchObject({ status: 'in-progress', attempts: 1 });

    const second = startWorker(svc);
    const done = await waitForTask(svc.api, sync.taskId);
    expect(done.status).toBe('completed');
    const after = await db.one<TaskRow>('SELECT * FROM tasks WHERE id = ?', sync.taskId);
    expect(after?.attempts).toBe(2);
    expect(after?.worker_id).not.toBe(cut?.worker_id);
    const project = parsed(ProjectSchema, await call(projectUrl));
    expect(project.alignments).toHaveLength(alignmentsBefore + 1);
    const names = project.alignments.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect(await credits()).toBe(before - 1);
    second.kill('SIGTERM');
  }, 300_000);
});
