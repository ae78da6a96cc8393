import { describe, expect, it } from 'vitest';
import {
  AlignmentSchema,
  ProjectSchema,
  RevisionConflictSchema,
  type Alignment,
  type Project,
} from '../../src/contract';
import { call, parsed, problem, serviceForSuite } from './harness';
import { firstProject, testItem } from './flow';

const svc = serviceForSuite();

const project = () => firstProject(svc.api);
const byName = (p: Project, name: string): Alignment => {
  const found = p.alignments.find((a) => a.name === name);
  if (!found) throw new Error(`no alignment ${name}`);
  return found;
};
const item = testItem;
const put = (p: Project, a: Alignment, body: unknown, headers: Record<string, string> = {}) =>
  call(`${svc.api}/projects/${p.id}/alignments/${a.id}`, { method: 'PUT', body, headers });

describe('alignment replacement', () => {
  it('replaces items, keeps given ids, adds stable ids and a new revision', async () => {
    const p = await project();
    const a = byName(p, 'Local aligner');
    const res = await put(p, a, {
      alignment: { items: [item(0, { id: 'keep-me', singer: 1 }), item(1)] },
      expectedRevision: a.revision,
    });
    const stored = parsed(AlignmentSchema, res);
    expect(stored.revision).not.toBe(a.revision);
    expect(stored.selectionRevision).toBe(a.selectionRevision);
    expect(stored.alignment.items[0]).toMatchObject({ id: 'keep-me', singer: 1, text: 'w0' });
    const newId = stored.alignment.items[1]?.id;
    expect(newId).toMatch(/\S/);
    const again = byName(await project(), 'Local aligner');
    expect(again.alignment.items.map((i) => i.id)).toEqual(['keep-me', newId]);
    expect(again.revision).toBe(stored.revision);
  });

  it('answers 409 with the current tokens on a stale revision, and stores nothing', async () => {
    const p = await project();
    const a = byName(p, 'Local aligner');
    const stale = problem(
      await put(p, a, { alignment: { items: [] }, expectedRevision: 'rev_stale' }),
      409,
    );
    expect(RevisionConflictSchema.parse(stale)).toMatchObject({
      revision: a.revision,
      selectionRevision: a.selectionRevision,
    });
    const staleSelection = await put(p, a, {
      alignment: { items: [] },
      expectedRevision: a.revision,
      expectedSelectionRevision: 'rev_stale',
      select: true,
    });
    problem(staleSelection, 409);
    const after = await project();
    expect(byName(after, 'Local aligner')).toEqual(a);
    expect(byName(after, 'Reference timing').selected).toBe(true);
  });

  it('select: true replaces and selects in one step; the selection revision changes', async () => {
    const p = await project();
    const a = byName(p, 'Local aligner');
    const stored = parsed(
      AlignmentSchema,
      await put(p, a, {
        alignment: { items: [item(0)] },
        expectedRevision: a.revision,
        expectedSelectionRevision: a.selectionRevision,
        select: true,
      }),
    );
    expect(stored.selected).toBe(true);
    expect(stored.selectionRevision).not.toBe(a.selectionRevision);
    const after = await project();
    expect(after.alignments.filter((x) => x.selected).map((x) => x.id)).toEqual([a.id]);
    expect(new Set(after.alignments.map((x) => x.selectionRevision))).toEqual(
      new Set([stored.selectionRevision]),
    );
  });

  it('PUT /selection selects with both guards and keeps exactly one selected', async () => {
    const p = await project();
    const ref = byName(p, 'Reference timing');
    const url = `${svc.api}/projects/${p.id}/alignments/${ref.id}/selection`;
    const guards = {
      expectedRevision: ref.revision,
      expectedSelectionRevision: ref.selectionRevision,
    };
    problem(await call(url, { method: 'PUT', body: { ...guards, expectedRevision: 'old' } }), 409);
    problem(
      await call(url, { method: 'PUT', body: { ...guards, expectedSelectionRevision: 'old' } }),
      409,
    );
    problem(await call(url, { method: 'PUT', body: { expectedRevision: ref.revision } }), 422);
    const selected = parsed(AlignmentSchema, await call(url, { method: 'PUT', body: guards }));
    expect(selected.selected).toBe(true);
    expect(selected.selectionRevision).not.toBe(ref.selectionRevision);
    const after = await project();
    expect(after.alignments.filter((x) => x.selected).map((x) => x.id)).toEqual([ref.id]);
    problem(
      await call(`${svc.api}/projects/${p.id}/alignments/aln_unknown/selection`, {
        method: 'PUT',
        body: guards,
      }),
      404,
    );
  });
});

describe('conditional GET of a project (the editor polls its revision)', () => {
  it('answers 304 without a body while nothing changed, and 200 with a new ETag after a save', async () => {
    const p = await project();
    const url = `${svc.api}/projects/${p.id}`;
    const first = await call(url);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]+"$/);
    const same = await call(url, { headers: { 'If-None-Match': tag ?? '' } });
    expect(same.status).toBe(304);
    expect(same.json).toBeUndefined();
    expect(same.headers.get('etag')).toBe(tag);
    // Weak comparison and lists, as RFC 9110 says for If-None-Match.
    const listed = await call(url, { headers: { 'If-None-Match': `"other", W/${tag}` } });
    expect(listed.status).toBe(304);

    const a = byName(p, 'Local aligner');
    parsed(
      AlignmentSchema,
      await put(p, a, { alignment: { items: [item(0)] }, expectedRevision: a.revision }),
    );
    const changed = await call(url, { headers: { 'If-None-Match': tag ?? '' } });
    const fresh = parsed(ProjectSchema, changed);
    expect(byName(fresh, 'Local aligner').revision).not.toBe(a.revision);
    expect(changed.headers.get('etag')).not.toBe(tag);
    // Writes carry no validator.
    expect(
      (await put(p, a, { alignment: { items: [] }, expectedRevision: 'x' })).headers.get('etag'),
    ).toBeNull();
  });
});

describe('validation and limits', () => {
  it('accepts 100000 items and refuses 100001', async () => {
    const p = await project();
    const a = byName(p, 'Local aligner');
    const items = Array.from({ length: 100000 }, (_, i) => item(i));
    const ok = parsed(
      AlignmentSchema,
      await put(p, a, { alignment: { items }, expectedRevision: a.revision }),
    );
    expect(ok.alignment.items).toHaveLength(100000);
    const tooMany = problem(
      await put(p, a, {
        alignment: { items: [...items, item(100000)] },
        expectedRevision: ok.revision,
      }),
      422,
    );
    expect(tooMany.errors?.[0]?.path).toBe('alignment.items');
    expect(byName(await project(), 'Local aligner').revision).toBe(ok.revision);
  }, 30_000);

  it('refuses negative times, extra fields, out-of-range integers and empty revisions', async () => {
    const p = await project();
    const a = byName(p, 'Reference timing');
    const cases: [unknown, string][] = [
      [
        { alignment: { items: [item(0, { start: -0.1 })] }, expectedRevision: a.revision },
        'alignment.items.0.start',
      ],
      [
        { alignment: { items: [item(0, { end: -1 })] }, expectedRevision: a.revision },
        'alignment.items.0.end',
      ],
      [
        { alignment: { items: [item(0, { colour: 'red' })] }, expectedRevision: a.revision },
        'alignment.items.0.colour',
      ],
      [
        {
          alignment: { items: [item(0, { translations: { de: { text: 'x', extra: 1 } } })] },
          expectedRevision: a.revision,
        },
        'alignment.items.0.translations.de.extra',
      ],
      [
        {
          alignment: { items: [item(0, { line: 9007199254740992 })] },
          expectedRevision: a.revision,
        },
        'alignment.items.0.line',
      ],
      [
        { alignment: { items: [item(0, { word: -1 })] }, expectedRevision: a.revision },
        'alignment.items.0.word',
      ],
      [
        { alignment: { items: [item(0, { subword: 1.5 })] }, expectedRevision: a.revision },
        'alignment.items.0.subword',
      ],
      [
        { alignment: { items: [item(0, { singer: -2 })] }, expectedRevision: a.revision },
        'alignment.items.0.singer',
      ],
      [{ alignment: { items: [] }, expectedRevision: '' }, 'expectedRevision'],
      [
        { alignment: { items: [] }, expectedRevision: a.revision, expectedSelectionRevision: '' },
        'expectedSelectionRevision',
      ],
      [{ alignment: { items: [] }, expectedRevision: a.revision, force: true }, 'force'],
      [{ alignment: { items: [], name: 'x' }, expectedRevision: a.revision }, 'alignment.name'],
    ];
    for (const [body, path] of cases) {
      const invalid = problem(await put(p, a, body), 422);
      expect(invalid.errors?.map((e) => e.path)).toContain(path);
    }
    const maxOk = await put(p, a, {
      alignment: { items: [item(0, { line: 9007199254740991, singer: 9007199254740991 })] },
      expectedRevision: a.revision,
    });
    expect(parsed(AlignmentSchema, maxOk).alignment.items[0]?.line).toBe(9007199254740991);
  });

  it('answers malformed JSON, wrong content types and oversized bodies with 4xx problems', async () => {
    const p = await project();
    const a = byName(p, 'Reference timing');
    const url = `${svc.api}/projects/${p.id}/alignments/${a.id}`;
    problem(await call(url, { method: 'PUT', body: '{"alignment": {"items": [' }), 400);
    problem(await call(url, { method: 'PUT', body: 'null' }), 422);
    problem(await call(url, { method: 'PUT', body: '[1,2]' }), 422);
    problem(
      await call(url, { method: 'PUT', body: '{}', headers: { 'Content-Type': 'text/plain' } }),
      415,
    );
    problem(
      await call(`${svc.api}/projects/${p.id}`, { method: 'PATCH', body: 'x'.repeat(1_100_000) }),
      413,
    );
    problem(
      await call(`${svc.api}/projects/${p.id}`, { method: 'PATCH', body: { title: 'A' } }),
      422,
    );
    const renamed = parsed(
      ProjectSchema,
      await call(`${svc.api}/projects/${p.id}`, {
        method: 'PATCH',
        body: { title: 'New title', artists: ['X'] },
      }),
    );
    expect(renamed).toMatchObject({ title: 'New title', artists: ['X'] });
    // Still alive and well.
    expect((await call(`${svc.api}/me`)).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same request and answers 422 for a different one', async () => {
    const p = await project();
    const a = byName(p, 'Reference timing');
    const body = { alignment: { items: [item(3)] }, expectedRevision: a.revision };
    const headers = { 'Idempotency-Key': 'replace-1' };
    const first = await put(p, a, body, headers);
    const stored = parsed(AlignmentSchema, first);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Without the key the same body would now be a 409: the replay proves no work was redone.
    const replay = await put(p, a, body, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    problem(await put(p, a, body), 409);
    const other = problem(
      await put(p, a, { ...body, expectedRevision: stored.revision }, headers),
      422,
    );
    expect(other.detail).toMatch(/different request/);
    expect(byName(await project(), 'Reference timing').revision).toBe(stored.revision);
  });

  it('does the work once for concurrent requests with one key', async () => {
    const before = (await call(`${svc.api}/credits`)).json as { availableBalance: number };
    const p = await project();
    const send = () =>
      call(`${svc.api}/projects/${p.id}/tasks/lyrics-sync`, {
        method: 'POST',
        body: { lyricsSource: { type: 'transcribe', lyrics: 'one two three' } },
        headers: { 'Idempotency-Key': 'sync-once' },
      });
    const results = await Promise.all([send(), send(), send()]);
    const bodies = results.map((r) => r.json as { taskId: string });
    expect(new Set(bodies.map((b) => b.taskId)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    const after = (await call(`${svc.api}/credits`)).json as { availableBalance: number };
    expect(after.availableBalance).toBe(before.availableBalance - 1);
    const tasks = (await call(`${svc.api}/projects/${p.id}/tasks`)).json as { type: string }[];
    expect(tasks.filter((t) => t.type === 'sync-lyrics')).toHaveLength(1);
  });
});
