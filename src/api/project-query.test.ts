import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { projectQuery } from './queries';

/** A fetch that answers from a list and records the If-None-Match of each request. */
function scripted(answers: Response[]) {
  const tags: (string | undefined)[] = [];
  const fetch = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    tags.push((init?.headers as Record<string, string>)['If-None-Match']);
    const next = answers.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('no answer left'));
  };
  const client = new ApiClient({ baseUrl: 'http://svc.test/api/v1', apiKey: 'k', fetch });
  return { client, tags };
}

const project = (title: string) => ({ id: 'p1', title });
const ok = (body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) },
  });
const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

describe('project query: conditional refetch', () => {
  it('asks with the last ETag; a 304 keeps the same data, a 200 brings the new one', async () => {
    const { client, tags } = scripted([
      ok(project('One'), '"a"'),
      notModified('"a"'),
      ok(project('Two'), '"b"'),
      ok(project('Three')), // a service without ETags: every refetch is a plain GET
      ok(project('Three')),
    ]);
    const queryClient = new QueryClient();
    const fetchIt = () => queryClient.fetchQuery({ ...projectQuery(client, 'p1'), staleTime: 0 });
    const first = await fetchIt();
    expect(first.title).toBe('One');
    expect(await fetchIt()).toBe(first); // unchanged: not even a new object
    expect((await fetchIt()).title).toBe('Two');
    expect((await fetchIt()).title).toBe('Three');
    await fetchIt();
    expect(tags).toEqual([undefined, '"a"', '"a"', '"b"', undefined]);
  });

  it('requestIfChanged: null on 304, the data and its ETag on 200', async () => {
    const { client, tags } = scripted([notModified('"x"'), ok(project('New'), '"y"')]);
    const input = { params: { projectId: 'p1' } };
    await expect(client.requestIfChanged('getProject', input, '"x"')).resolves.toBeNull();
    await expect(client.requestIfChanged('getProject', input, '"x"')).resolves.toMatchObject({
      data: { title: 'New' },
      etag: '"y"',
    });
    expect(tags).toEqual(['"x"', '"x"']);
  });
});
