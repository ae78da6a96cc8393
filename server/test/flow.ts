import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isTerminalStatus,
  TaskSchema,
  TaskStartSchema,
  UploadResponseSchema,
  type Task,
} from '../../src/contract';
import { DEMO_SONG_PATH } from '../seed/demo';
import { call, DEMO_KEY, parsed } from './harness';

export const demoSong = (): Buffer => readFileSync(DEMO_SONG_PATH);

/** POST /uploads then PUT the bytes to the signed address; returns the inputFileId. */
export async function upload(
  api: string,
  bytes: Buffer,
  key = DEMO_KEY,
  filename = 'My Song.flac',
) {
  const created = parsed(
    UploadResponseSchema,
    await call(`${api}/uploads`, {
      method: 'POST',
      key,
      body: { filename, contentType: 'audio/flac', contentLength: bytes.length },
    }),
  );
  const put = await fetch(created.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return created;
}

export async function createProject(api: string, body: Record<string, unknown>, key = DEMO_KEY) {
  return parsed(TaskStartSchema, await call(`${api}/projects`, { method: 'POST', key, body }));
}

/** Polls a task until it reaches a terminal status (bounded: about 60 s). */
export async function waitForTask(api: string, taskId: string, key = DEMO_KEY): Promise<Task> {
  for (let i = 0; i < 600; i++) {
    const task = parsed(TaskSchema, await call(`${api}/tasks/${taskId}`, { key }));
    if (isTerminalStatus(task.status)) return task;
    await sleep(100);
  }
  throw new Error(`task ${taskId} did not finish`);
}
