import { afterAll, describe, expect, it } from 'vitest';
import { CreditBalanceSchema, ProjectSchema, TaskSchema } from '../../src/contract';
import { createProject, demoSong, upload, waitForTask } from './flow';
import { call, parsed, startService, tempDataDir, type Running } from './harness';

const running: Running[] = [];
afterAll(async () => {
  for (const r of running) await r.cleanup();
});

describe('restart', () => {
  it('picks up a task that was in progress when the process stopped', async () => {
    const dataDir = tempDataDir();
    // First run: no worker, so the task is still waiting when the process "dies".
    const first = await startService({ dataDir, worker: false });
    running.push(first);
    const { inputFileId } = await upload(first.api, demoSong());
    const start = await createProject(first.api, { inputFileId, title: 'Resumed' });
    const queued = parsed(TaskSchema, await call(`${first.api}/tasks/${start.taskId}`));
    expect(queued.status).toBe('queued');
    // As if it had been running at the moment of the crash.
    await first.service.services.db.run(
      "UPDATE tasks SET status = 'in-progress', attempts = 1 WHERE id = ?",
      start.taskId,
    );
    await first.stop();

    const second = await startService({ dataDir, databaseUrl: first.databaseUrl });
    running.push(second);
    // Same key, same data: the account, upload and task survived the restart.
    const task = await waitForTask(second.api, start.taskId);
    expect(task).toMatchObject({ status: 'completed', output: { projectId: start.projectId } });
    const project = parsed(ProjectSchema, await call(`${second.api}/projects/${start.projectId}`));
    expect(project.stems.map((s) => s.type).sort()).toEqual(['instrumental', 'original', 'vocals']);
    expect(project.title).toBe('Resumed');
  }, 60_000);

  it('fails a task interrupted too many times and refunds its credits like any failed task', async () => {
    const dataDir = tempDataDir();
    const first = await startService({ dataDir, worker: false });
    running.push(first);
    const credits = async (api: string) =>
      parsed(CreditBalanceSchema, await call(`${api}/credits`)).availableBalance;
    const before = await credits(first.api);
    const { inputFileId } = await upload(first.api, demoSong());
    const start = await createProject(first.api, { inputFileId, title: 'Crash loop' });
    expect(await credits(first.api)).toBe(before - 2);
    // The worker crashed the process on this task three times already.
    await first.service.services.db.run(
      "UPDATE tasks SET status = 'in-progress', attempts = 3 WHERE id = ?",
      start.taskId,
    );
    await first.stop();

    const second = await startService({ dataDir, databaseUrl: first.databaseUrl, worker: true });
    running.push(second);
    // SQLite fails it at start; on PostgreSQL the next claim finds its lease gone and fails it.
    const task = await waitForTask(second.api, start.taskId);
    expect(task).toMatchObject({
      status: 'failed',
      error: 'The task was interrupted too many times.',
    });
    expect(await credits(second.api)).toBe(before);
  }, 60_000);
});
