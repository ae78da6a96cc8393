/**
 * Fair scheduling over real HTTP (issue 14): one account's long task does not hold back another
 * account's short one. Asserts order and overlap, not durations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskSchema } from '../../src/contract';
import { encodeWav } from '../audio/wav';
import { sine, stereo } from '../audio/test-signals';
import { call, createAccount, parsed, startService, type Running } from './harness';
import { createProject, upload, waitForTask } from './flow';

const RATE = 22050;
const song = (seconds: number) =>
  encodeWav(stereo(RATE, sine(RATE, seconds, 220, 0.4), sine(RATE, seconds, 330, 0.3)));

let svc: Running;
beforeAll(async () => {
  svc = await startService({ taskConcurrency: 2 });
});
afterAll(() => svc.cleanup());

describe('task scheduling across accounts', () => {
  it("runs another account's short task while one account's long tasks run and wait", async () => {
    const big = await createAccount(svc, 'big@example.com', 100);
    const small = await createAccount(svc, 'small@example.com', 100);
    const long = await upload(svc.api, song(120), big.apiKey, 'long.wav');
    const long2 = await upload(svc.api, song(120), big.apiKey, 'long2.wav');
    const short = await upload(svc.api, song(2), small.apiKey, 'short.wav');

    const bigFirst = await createProject(svc.api, { inputFileId: long.inputFileId }, big.apiKey);
    const bigSecond = await createProject(svc.api, { inputFileId: long2.inputFileId }, big.apiKey);
    const quick = await createProject(svc.api, { inputFileId: short.inputFileId }, small.apiKey);

    const done = await waitForTask(svc.api, quick.taskId, small.apiKey);
    expect(done.status).toBe('completed');
    const statusOf = async (taskId: string) =>
      parsed(TaskSchema, await call(`${svc.api}/tasks/${taskId}`, { key: big.apiKey })).status;
    // The short task finished while the first long one was still running (overlap), and before
    // the big account's second task got a slot (one account may hold half of the slots).
    expect(await statusOf(bigFirst.taskId)).toBe('in-progress');
    expect(await statusOf(bigSecond.taskId)).toBe('queued');

    expect((await waitForTask(svc.api, bigFirst.taskId, big.apiKey)).status).toBe('completed');
    expect((await waitForTask(svc.api, bigSecond.taskId, big.apiKey)).status).toBe('completed');
  }, 120_000);
});
