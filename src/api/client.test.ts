import { describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import {
  ApiError,
  NetworkError,
  RevisionConflictError,
  SettingsConflictError,
  UnexpectedResponseError,
} from './errors';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A scripted fetch: each call takes the next answer (a Response, or an Error to throw). */
function scripted(answers: (Response | Error | (() => Promise<Response>))[]) {
  const seen: Seen[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) return Promise.reject(next);
    if (typeof next === 'function') return next();
    return Promise.resolve(next);
  };
  const client = new ApiClient({
    baseUrl: 'http://svc.test/api/v1/',
    apiKey: 'secret-key-123',
    fetch,
    retryDelay: () => 0,
  });
  return { client, seen };
}

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const problem = (status: number, title: string, extra: Record<string, unknown> = {}) =>
  json(status, { type: 'about:blank', title, status, ...extra }, 'application/problem+json');
const account = { userId: 'u1', email: 'a@example.com', apiKeyId: 'k1' };
const taskStart = { projectId: 'p', taskId: 't', projectUrl: 'x', taskUrl: 'y' };
const lyricsBody = { lyricsSource: { type: 'transcribe' as const, lyrics: 'la' } };

describe('ApiClient', () => {
  it('sends the bearer key and parses the response', async () => {
    const { client, seen } = scripted([json(200, account)]);
    await expect(client.request('getMe', {})).resolves.toEqual(account);
    expect(seen[0]).toMatchObject({
      url: 'http://svc.test/api/v1/me',
      method: 'GET',
      headers: { Authorization: 'Bearer secret-key-123' },
    });
  });

  it('fills path params (encoded) and the query', async () => {
    const { client, seen } = scripted([json(200, [])]);
    await client.request('listExports', {
      params: { projectId: 'a/b' },
      query: { page: 2, limit: 5 },
    });
    expect(seen[0]?.url).toBe('http://svc.test/api/v1/projects/a%2Fb/exports?page=2&limit=5');
  });

  it.each([
    [400, 'Invalid body'],
    [401, 'Unauthorized'],
    [402, 'Not enough credits'],
    [404, 'Not found'],
    [413, 'Upload too large'],
    [415, 'Unsupported media type'],
    [422, 'Idempotency key reused'],
  ])('maps %i to ApiError with the problem details', async (status, title) => {
    const { client } = scripted([problem(status, title, { detail: 'because' })]);
    const error = await client.request('getMe', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(RevisionConflictError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).problem.title).toBe(title);
    expect((error as ApiError).message).toBe(`${title}: because`);
    expect((error as ApiError).message).not.toContain('secret-key-123');
  });

  it('keeps the field errors of a 400', async () => {
    const errors = [{ path: 'title', message: 'a title has at least 2 characters' }];
    const { client } = scripted([problem(400, 'Invalid request body', { errors })]);
    const error = (await client
      .request('patchProject', { params: { projectId: 'p' }, body: { title: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual(errors);
  });

  it('maps 409 to RevisionConflictError with the current tokens', async () => {
    const { client } = scripted([
      problem(409, 'Revision conflict', { revision: 'r9', selectionRevision: 's4' }),
    ]);
    const error = await client
      .request('replaceAlignment', {
        params: { projectId: 'p', alignmentId: 'a' },
        body: { alignment: { items: [] }, expectedRevision: 'r1' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionConflictError);
    expect(error).toMatchObject({ status: 409, revision: 'r9', selectionRevision: 's4' });
  });

  it('maps a settings 409 to SettingsConflictError with the current versionId', async () => {
    const { client } = scripted([problem(409, 'Settings changed', { versionId: 'v7' })]);
    const error = await client
      .request('replaceProjectSettings', {
        params: { projectId: 'p' },
        body: { settings: {}, expectedVersionId: 'v1' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettingsConflictError);
    expect(error).toMatchObject({ status: 409, versionId: 'v7' });
  });

  it('makes up problem details when the error body is not JSON', async () => {
    const { client } = scripted([
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    const error = (await client.request('getMe', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem.title).toBe('Bad Gateway');
  });

  it('maps a fetch failure to NetworkError without the key in the message', async () => {
    const { client } = scripted([new TypeError('Failed to fetch')]);
    const error = await client.request('getMe', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('http://svc.test/api/v1');
    expect((error as Error).message).not.toContain('secret');
  });

  it('names the endpoint and the field of a response that breaks the contract', async () => {
    const { client } = scripted([json(200, { ...account, apiKeyId: 5 })]);
    const error = await client.request('getMe', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('GET /me');
    expect((error as Error).message).toContain('apiKeyId');
  });

  it('retries a write after a network fault and a 503 with the same Idempotency-Key', async () => {
    const { client, seen } = scripted([
      new TypeError('connection reset'),
      problem(503, 'Unavailable'),
      json(200, taskStart),
    ]);
    await expect(
      client.request('startLyricsSync', { params: { projectId: 'p' }, body: lyricsBody }),
    ).resolves.toEqual(taskStart);
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen[0]?.body).toBe(JSON.stringify(lyricsBody));
  });

  it('uses the given Idempotency-Key, and a new one for each new call', async () => {
    const { client, seen } = scripted([
      json(200, taskStart),
      json(200, taskStart),
      json(200, taskStart),
    ]);
    const input = { params: { projectId: 'p' }, body: lyricsBody };
    await client.request('startLyricsSync', { ...input, idempotencyKey: 'mine-1' });
    await client.request('startLyricsSync', input);
    await client.request('startLyricsSync', input);
    expect(seen[0]?.headers['Idempotency-Key']).toBe('mine-1');
    expect(seen[1]?.headers['Idempotency-Key']).not.toBe(seen[2]?.headers['Idempotency-Key']);
  });

  it('does not retry a 4xx, and does not retry reads by default', async () => {
    const first = scripted([problem(400, 'Bad'), json(200, taskStart)]);
    await expect(
      first.client.request('startLyricsSync', { params: { projectId: 'p' }, body: lyricsBody }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(first.seen).toHaveLength(1);
    const second = scripted([problem(503, 'Unavailable'), json(200, account)]);
    await expect(second.client.request('getMe', {})).rejects.toBeInstanceOf(ApiError);
    expect(second.seen).toHaveLength(1);
    expect(second.seen[0]?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('gives up after the retries it was allowed', async () => {
    const { client, seen } = scripted([
      problem(500, 'a'),
      problem(500, 'b'),
      problem(500, 'c'),
      json(200, taskStart),
    ]);
    const error = (await client
      .request('startLyricsSync', { params: { projectId: 'p' }, body: lyricsBody })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.problem.title).toBe('c');
    expect(seen).toHaveLength(3);
  });

  it('aborts: the signal reaches fetch and the AbortError comes back', async () => {
    const controller = new AbortController();
    const fetch = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const client = new ApiClient({ baseUrl: 'http://svc.test/api/v1', apiKey: 'k', fetch });
    const pending = client.request('getMe', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('stops retrying when aborted between attempts', async () => {
    const controller = new AbortController();
    const { client, seen } = scripted([
      () => {
        controller.abort();
        return Promise.resolve(problem(503, 'x'));
      },
      json(200, taskStart),
    ]);
    const error = await client
      .request('startLyricsSync', {
        params: { projectId: 'p' },
        body: lyricsBody,
        signal: controller.signal,
      })
      .catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });
});
