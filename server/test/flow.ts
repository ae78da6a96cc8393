import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  isTerminalStatus,
  ProjectListEntrySchema,
  ProjectSchema,
  TaskSchema,
  TaskStartSchema,
  UploadResponseSchema,
  type Project,
  type Task,
} from '../../src/contract';
import { word } from '../../src/timing/test-items';
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

/** The account's first (newest) project, in full: the seeded demo project on a fresh service. */
export async function firstProject(api: string, key = DEMO_KEY): Promise<Project> {
  const list = parsed(z.array(ProjectListEntrySchema), await call(`${api}/projects`, { key }));
  const id = list[0]?.id;
  if (!id) throw new Error('no project');
  return parsed(ProjectSchema, await call(`${api}/projects/${id}`, { key }));
}

/**
 * Alignment item `i` of test-items' `song`: eight words a line, one every half second (0.4 s
 * long), text `w<i>`; `extra` may add or spoil fields.
 */
export const testItem = (i: number, extra: Record<string, unknown> = {}) => ({
  ...word(Math.floor(i / 8), i % 8, i * 0.5, i * 0.5 + 0.4, `w${i}`),
  ...extra,
});
