import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AlignmentItem, Project, Task, TaskStart, UploadResponse } from '../src/contract';
import { api, createAccount } from './fixtures';

const SONG = 'server/seed/assets/demo-song.flac';
export const LYRICS = readFileSync('server/seed/assets/demo-song.lyrics.txt', 'utf8');

export async function waitForTask(page: Page, key: string, taskId: string): Promise<Task> {
  for (let i = 0; i < 240; i++) {
    const task = await api<Task>(page, 'GET', `/tasks/${taskId}`, undefined, key);
    if (['completed', 'failed', 'cancelled', 'timed-out', 'finalized'].includes(task.status)) {
      if (task.status !== 'completed')
        throw new Error(`task ${task.type} ${task.status}: ${task.error}`);
      return task;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`task ${taskId} did not finish`);
}

/**
 * Uploads `file` through the API (upload URL, then PUT of the bytes) and creates a project from it
 * with the demo lyrics; the create task is left running.
 */
export async function createProjectFrom(
  page: Page,
  key: string,
  file: { bytes: Buffer; filename: string; contentType: string },
  title: string,
): Promise<TaskStart> {
  const upload = await api<UploadResponse>(
    page,
    'POST',
    '/uploads',
    { filename: file.filename, contentType: file.contentType, contentLength: file.bytes.length },
    key,
  );
  const put = await page.request.put(upload.uploadUrl, {
    data: file.bytes,
    headers: { 'Content-Type': file.contentType },
  });
  if (!put.ok()) throw new Error(`upload PUT failed: ${put.status()}`);
  return api<TaskStart>(
    page,
    'POST',
    '/projects',
    {
      inputFileId: upload.inputFileId,
      title,
      lyricsSource: { type: 'transcribe', lyrics: LYRICS },
    },
    key,
  );
}

export interface IsolatedProject {
  key: string;
  project: Project;
}

/**
 * A fresh account with its own project made from the demo song through the real API (upload, create
 * with lyrics, wait for the task), so a test can change it without touching anyone else's data.
 * `alignments: 2` runs a second lyrics sync. A sync stores words as their syllables (sub-words); the
 * editor tests start from whole words (as an imported or hand-made alignment has), so each
 * alignment's sub-words are joined back into their words through the API.
 */
export async function isolatedProject(page: Page, alignments = 1): Promise<IsolatedProject> {
  const key = createAccount(
    `editor-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local`,
  );
  const start = await createProjectFrom(
    page,
    key,
    { bytes: readFileSync(SONG), filename: 'demo-song.flac', contentType: 'audio/flac' },
    'Editor test song',
  );
  await waitForTask(page, key, start.taskId);
  for (let n = 1; n < alignments; n++) {
    const sync = await api<TaskStart>(
      page,
      'POST',
      `/projects/${start.projectId}/tasks/lyrics-sync`,
      { lyricsSource: { type: 'transcribe', lyrics: LYRICS } },
      key,
    );
    await waitForTask(page, key, sync.taskId);
  }
  const synced = await api<Project>(page, 'GET', `/projects/${start.projectId}`, undefined, key);
  for (const alignment of synced.alignments) {
    await api(
      page,
      'PUT',
      `/projects/${synced.id}/alignments/${alignment.id}`,
      {
        alignment: { items: wholeWords(alignment.alignment.items) },
        expectedRevision: alignment.revision,
      },
      key,
    );
  }
  const project = await api<Project>(page, 'GET', `/projects/${start.projectId}`, undefined, key);
  return { key, project };
}

/** Sub-words joined into their words: the first's fields, the texts joined, to the last one's end. */
function wholeWords(items: readonly AlignmentItem[]): AlignmentItem[] {
  const words: AlignmentItem[] = [];
  for (const item of items) {
    const last = words.at(-1);
    if (last && last.line === item.line && last.word === item.word) {
      last.text += item.text;
      last.end = item.end;
    } else {
      words.push({ ...item, subword: 0 });
    }
  }
  return words;
}

export const getProject = (page: Page, key: string, projectId: string) =>
  api<Project>(page, 'GET', `/projects/${projectId}`, undefined, key);
