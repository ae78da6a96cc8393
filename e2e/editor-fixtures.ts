import { readFileSync } from 'node:fs';
import type { AlignmentItem, Project, Task, TaskStart, UploadResponse } from '../src/contract';
import { api, createAccount, putBytes, type Requester } from './service';

const SONG = 'server/seed/assets/demo-song.flac';
export const LYRICS = readFileSync('server/seed/assets/demo-song.lyrics.txt', 'utf8');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls a task until it ends; throws unless it completed. The wait is bounded by the test's (or
 * the fixture's) own timeout, not by a count of polls: a sync takes longer on a busy machine.
 */
export async function waitForTask(from: Requester, key: string, taskId: string): Promise<Task> {
  for (;;) {
    const task = await api<Task>(from, 'GET', `/tasks/${taskId}`, undefined, key);
    if (['completed', 'failed', 'cancelled', 'timed-out', 'finalized'].includes(task.status)) {
      if (task.status !== 'completed')
        throw new Error(`task ${task.type} ${task.status}: ${task.error}`);
      return task;
    }
    await sleep(250);
  }
}

/**
 * Uploads `file` through the API (upload URL, then PUT of the bytes) and creates a project from it
 * with the demo lyrics (or, with `lyrics: null`, none: the task decodes and separates only, no
 * sync); the create task is left running.
 */
export async function createProjectFrom(
  from: Requester,
  key: string,
  file: { bytes: Buffer; filename: string; contentType: string },
  title: string,
  lyrics: string | null = LYRICS,
): Promise<TaskStart> {
  const upload = await api<UploadResponse>(
    from,
    'POST',
    '/uploads',
    { filename: file.filename, contentType: file.contentType, contentLength: file.bytes.length },
    key,
  );
  await putBytes(from, upload.uploadUrl, file.bytes, file.contentType);
  return api<TaskStart>(
    from,
    'POST',
    '/projects',
    {
      inputFileId: upload.inputFileId,
      title,
      ...(lyrics === null ? {} : { lyricsSource: { type: 'transcribe', lyrics } }),
    },
    key,
  );
}

export interface IsolatedProject {
  key: string;
  project: Project;
}

/** A fresh account (`<prefix>-…@test.local`) with a project made from the demo song, its task ended. */
async function demoSongProject(
  from: Requester,
  prefix: string,
  title: string,
  lyrics: string | null,
): Promise<{ key: string; start: TaskStart }> {
  const key = createAccount(
    `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local`,
  );
  const start = await createProjectFrom(
    from,
    key,
    { bytes: readFileSync(SONG), filename: 'demo-song.flac', contentType: 'audio/flac' },
    title,
    lyrics,
  );
  await waitForTask(from, key, start.taskId);
  return { key, start };
}

/**
 * A fresh account with its own project made from the demo song through the real API (upload, create
 * with lyrics, wait for the task), so a test can change it without touching anyone else's data.
 * `alignments: 2` runs a second lyrics sync. A sync stores words as their syllables (sub-words); the
 * editor tests start from whole words (as an imported or hand-made alignment has), so each
 * alignment's sub-words are joined back into their words through the API.
 */
export async function isolatedProject(from: Requester, alignments = 1): Promise<IsolatedProject> {
  const { key, start } = await demoSongProject(from, 'editor', 'Editor test song', LYRICS);
  for (let n = 1; n < alignments; n++) {
    const sync = await api<TaskStart>(
      from,
      'POST',
      `/projects/${start.projectId}/tasks/lyrics-sync`,
      { lyricsSource: { type: 'transcribe', lyrics: LYRICS } },
      key,
    );
    await waitForTask(from, key, sync.taskId);
  }
  const synced = await api<Project>(from, 'GET', `/projects/${start.projectId}`, undefined, key);
  for (const alignment of synced.alignments) {
    await api(
      from,
      'PUT',
      `/projects/${synced.id}/alignments/${alignment.id}`,
      {
        alignment: { items: wholeWords(alignment.alignment.items) },
        expectedRevision: alignment.revision,
      },
      key,
    );
  }
  const project = await api<Project>(from, 'GET', `/projects/${start.projectId}`, undefined, key);
  return { key, project };
}

/**
 * A fresh account with a project made from the demo song without lyrics (decoded and separated,
 * never synced: under a CPU second instead of tens), for tests of what needs no alignment, such as
 * the project's video style settings.
 */
export async function settingsOnlyProject(from: Requester): Promise<IsolatedProject> {
  const { key, start } = await demoSongProject(from, 'settings', 'Settings test song', null);
  const project = await api<Project>(from, 'GET', `/projects/${start.projectId}`, undefined, key);
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

export const getProject = (from: Requester, key: string, projectId: string) =>
  api<Project>(from, 'GET', `/projects/${projectId}`, undefined, key);
