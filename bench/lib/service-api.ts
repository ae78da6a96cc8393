/**
 * The benches' JSON client of the local service: `json<T>(path, init)` under `<base>/api/v1` with
 * the bench's key (`base` may be a getter, read at each call); a non-2xx answer throws with the
 * method, path, status and body. `api` is the address as `base` was when made.
 */
export function serviceJson(base: string | (() => string), key: string) {
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const api = () => `${typeof base === 'string' ? base : base()}/api/v1`;
  const json = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${api()}${path}`, { ...init, headers });
    if (!res.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { json, headers, api: api() };
}

type Json = ReturnType<typeof serviceJson>['json'];

/**
 * Uploads `wav` and creates a project from it (lyrics sync from "one hour of words"), then waits
 * up to `limitMs` for its create task: the project's id and how long the task took.
 */
export async function projectFromWav(
  json: Json,
  wav: Uint8Array<ArrayBuffer>,
  { filename, title, limitMs }: { filename: string; title: string; limitMs: number },
): Promise<{ projectId: string; taskMs: number }> {
  const upload = await json<{ inputFileId: string; uploadUrl: string }>('/uploads', {
    method: 'POST',
    body: JSON.stringify({ filename, contentType: 'audio/wav', contentLength: wav.length }),
  });
  const put = await fetch(upload.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'audio/wav' },
    body: wav,
  });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const start = await json<{ projectId: string; taskId: string }>('/projects', {
    method: 'POST',
    body: JSON.stringify({
      title,
      inputFileId: upload.inputFileId,
      lyricsSource: { type: 'transcribe', lyrics: 'one hour of words' },
    }),
  });
  const t0 = Date.now();
  for (;;) {
    const task = await json<{ status: string; error?: string }>(`/tasks/${start.taskId}`);
    if (task.status === 'completed') return { projectId: start.projectId, taskMs: Date.now() - t0 };
    if (!['created', 'queued', 'in-progress'].includes(task.status))
      throw new Error(`create task ${task.status}: ${task.error ?? ''}`);
    if (Date.now() - t0 > limitMs) throw new Error(`create task: over ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
