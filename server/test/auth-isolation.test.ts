import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountSchema,
  BillingCatalogSchema,
  BillingManageSchema,
  CreditBalanceSchema,
  MediaItemSchema,
  PresetSchema,
  ProjectListEntrySchema,
  ProjectSchema,
  ProjectSettingsSchema,
  TaskListEntrySchema,
  TaskSchema,
} from '../../src/contract';
import {
  call,
  createAccount,
  DEMO_KEY,
  parsed,
  problem,
  startService,
  type Running,
} from './harness';
import { z } from 'zod';
import { insertExport } from '../db/library';

let svc: Running;
let bob: { apiKey: string; userId: string };

beforeAll(async () => {
  svc = await startService({ seed: true });
  bob = await createAccount(svc, 'bob@example.com');
});
afterAll(() => svc.cleanup());

const demoProject = async () => {
  const list = parsed(z.array(ProjectListEntrySchema), await call(`${svc.api}/projects`));
  const first = list[0];
  if (!first) throw new Error('no demo project');
  return parsed(ProjectSchema, await call(`${svc.api}/projects/${first.id}`));
};

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate: Bearer without a key or with a wrong one', async () => {
    for (const key of [null, 'wrong-key']) {
      const res = await call(`${svc.api}/me`, { key });
      const p = problem(res, 401);
      expect(p.title).toBe('Unauthorized');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const basic = await call(`${svc.api}/projects`, {
      key: null,
      headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    problem(basic, 401);
  });

  it('GET /me returns the account behind the key', async () => {
    const me = parsed(AccountSchema, await call(`${svc.api}/me`));
    expect(me.email).toBe('demo@karaoke.local');
    const bobMe = parsed(AccountSchema, await call(`${svc.api}/me`, { key: bob.apiKey }));
    expect(bobMe).toMatchObject({ email: 'bob@example.com', userId: bob.userId });
    expect(bobMe.apiKeyId).not.toBe(me.apiKeyId);
  });

  it('unknown paths and methods are problems too', async () => {
    problem(await call(`${svc.api}/nothing-here`), 404);
    const res = await call(`${svc.api}/me`, { method: 'DELETE' });
    problem(res, 405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers CORS preflight for the API', async () => {
    const res = await fetch(`${svc.api}/projects`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
  });
});

describe('demo data', () => {
  it('has a project with stems, two alignments (one selected), no fake exports, settings and a task', async () => {
    const project = await demoProject();
    expect(project.stems.map((s) => s.type).sort()).toEqual(['instrumental', 'original', 'vocals']);
    expect(project.alignments).toHaveLength(2);
    expect(project.alignments.filter((a) => a.selected).map((a) => a.name)).toEqual([
      'Reference timing',
    ]);
    // Every export listed is a real render (issue 23): the demo seeds none.
    expect(project.exports).toEqual([]);
    expect(project.duration).toBeGreaterThan(30);
    expect(project.task?.status).toBe('completed');
    parsed(ProjectSettingsSchema, await call(`${svc.api}/projects/${project.id}/settings`));
    const tasks = parsed(
      z.array(TaskListEntrySchema),
      await call(`${svc.api}/projects/${project.id}/tasks`),
    );
    expect(tasks.map((t) => t.type)).toEqual(['create-karaoke']);
  });

  it('has presets (one default), media in each status, credits and billing', async () => {
    const presets = parsed(z.array(PresetSchema), await call(`${svc.api}/presets`));
    expect(presets.filter((p) => p.isDefault)).toHaveLength(1);
    expect(presets.length).toBe(2);
    const media = parsed(z.array(MediaItemSchema), await call(`${svc.api}/media`));
    expect(media.map((m) => m.status).sort()).toEqual(['failed', 'processing', 'ready']);
    const credits = parsed(CreditBalanceSchema, await call(`${svc.api}/credits`));
    expect(credits.availableBalance).toBe(90);
    parsed(BillingCatalogSchema, await call(`${svc.api}/billing/catalog`));
    const manage = parsed(
      BillingManageSchema,
      await call(`${svc.api}/billing/manage?platform=web`),
    );
    expect(manage.url).toContain('platform=web');
    problem(await call(`${svc.api}/billing/manage?platform=moon`), 400);
  });
});

describe('isolation between accounts', () => {
  it("answers 404 for another account's project, alignment, task, preset and media", async () => {
    const project = await demoProject();
    const alignment = project.alignments[0];
    if (!alignment || !project.task) throw new Error('demo data incomplete');
    const presets = parsed(z.array(PresetSchema), await call(`${svc.api}/presets`));
    const media = parsed(z.array(MediaItemSchema), await call(`${svc.api}/media`));
    const as = { key: bob.apiKey };
    const p = `${svc.api}/projects/${project.id}`;
    const attempts = [
      call(p, as),
      call(`${p}/settings`, as),
      call(`${p}/tasks`, as),
      call(`${p}/exports`, as),
      call(p, { ...as, method: 'PATCH', body: { title: 'Mine now' } }),
      call(`${p}/alignments/${alignment.id}`, {
        ...as,
        method: 'PUT',
        body: { alignment: { items: [] }, expectedRevision: alignment.revision },
      }),
      call(`${p}/alignments/${alignment.id}/selection`, {
        ...as,
        method: 'PUT',
        body: {
          expectedRevision: alignment.revision,
          expectedSelectionRevision: alignment.selectionRevision,
        },
      }),
      call(`${p}/tasks/lyrics-sync`, {
        ...as,
        method: 'POST',
        body: { lyricsSource: { type: 'transcribe', lyrics: 'la la' } },
      }),
      call(`${p}/tasks/stem-separation`, { ...as, method: 'POST', body: {} }),
      call(`${svc.api}/tasks/${project.task.id}`, as),
      call(`${svc.api}/presets/${presets[0]?.id}`, { ...as, method: 'PATCH', body: { name: 'x' } }),
      call(`${svc.api}/presets/${presets[0]?.id}`, { ...as, method: 'DELETE' }),
      call(`${svc.api}/media/${media[0]?.id}`, as),
      call(`${svc.api}/media/${media[0]?.id}`, { ...as, method: 'DELETE' }),
    ];
    for (const res of await Promise.all(attempts)) problem(res, 404);
    const unknown = problem(await call(`${svc.api}/projects/prj_doesnotexist`, as), 404);
    const foreign = problem(await call(p, as), 404);
    expect(foreign).toEqual(unknown);
    // Nothing changed for the owner, and bob sees only his own (empty) lists.
    expect((await demoProject()).title).toBe(project.title);
    expect(parsed(z.array(ProjectListEntrySchema), await call(`${svc.api}/projects`, as))).toEqual(
      [],
    );
    expect(parsed(z.array(PresetSchema), await call(`${svc.api}/presets`, as))).toEqual([]);
    expect(parsed(z.array(MediaItemSchema), await call(`${svc.api}/media`, as))).toEqual([]);
    const task = parsed(TaskSchema, await call(`${svc.api}/tasks/${project.task.id}`));
    expect(task.output).toEqual({ projectId: project.id });
    expect(DEMO_KEY).not.toBe(bob.apiKey);
  });
});

describe('library endpoints', () => {
  it('pages exports newest first and validates page and limit', async () => {
    const project = await demoProject();
    // Rows only (the list is what is tested, not rendering): five, oldest first.
    for (let i = 0; i < 5; i++) {
      await insertExport(svc.service.services.db, project.id, 'failed', { resolution: '360p' });
    }
    const url = `${svc.api}/projects/${project.id}/exports`;
    const all = parsed(z.array(z.object({ id: z.string() }).loose()), await call(url));
    expect(all).toHaveLength(5);
    const page2 = parsed(
      z.array(z.object({ id: z.string() }).loose()),
      await call(`${url}?page=2&limit=2`),
    );
    expect(page2.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=1.5', 'limit=abc']) {
      const p = problem(await call(`${url}?${q}`), 400);
      expect(p.errors?.length).toBeGreaterThan(0);
    }
  });

  it('patches presets (one default at a time) and deletes presets and media', async () => {
    const presets = parsed(z.array(PresetSchema), await call(`${svc.api}/presets`));
    const other = presets.find((p) => !p.isDefault);
    if (!other) throw new Error('no second preset');
    const patched = parsed(
      PresetSchema,
      await call(`${svc.api}/presets/${other.id}`, {
        method: 'PATCH',
        body: { name: 'Renamed', isDefault: true },
      }),
    );
    expect(patched).toMatchObject({ name: 'Renamed', isDefault: true });
    const after = parsed(z.array(PresetSchema), await call(`${svc.api}/presets`));
    expect(after.filter((p) => p.isDefault).map((p) => p.id)).toEqual([other.id]);
    problem(
      await call(`${svc.api}/presets/${other.id}`, { method: 'PATCH', body: { isDefault: 'yes' } }),
      422,
    );
    const media = parsed(z.array(MediaItemSchema), await call(`${svc.api}/media`));
    const gone = media[0]?.id ?? '';
    parsed(MediaItemSchema, await call(`${svc.api}/media/${gone}`));
    expect((await call(`${svc.api}/media/${gone}`, { method: 'DELETE' })).json).toEqual({
      success: true,
    });
    problem(await call(`${svc.api}/media/${gone}`), 404);
    expect((await call(`${svc.api}/presets/${other.id}`, { method: 'DELETE' })).json).toEqual({
      success: true,
    });
    problem(await call(`${svc.api}/presets/${other.id}`, { method: 'DELETE' }), 404);
  });
});
