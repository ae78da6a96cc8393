import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defaultStyle,
  PresetSchema,
  ProjectListEntrySchema,
  ProjectSettingsSchema,
  SettingsConflictSchema,
  SuccessSchema,
  type ProjectSettings,
} from '../../src/contract';
import { createProject, demoSong, upload } from './flow';
import { call, createAccount, parsed, problem, serviceForSuite } from './harness';

const svc = serviceForSuite();

async function firstProjectId(): Promise<string> {
  const list = parsed(z.array(ProjectListEntrySchema), await call(`${svc.api}/projects`));
  const id = list[0]?.id;
  if (!id) throw new Error('no project');
  return id;
}
const getSettings = async (projectId: string): Promise<ProjectSettings> =>
  parsed(ProjectSettingsSchema, await call(`${svc.api}/projects/${projectId}/settings`));
const putSettings = (projectId: string, body: unknown, key?: string) =>
  call(`${svc.api}/projects/${projectId}/settings`, { method: 'PUT', body, key });
const postPreset = (body: unknown) => call(`${svc.api}/presets`, { method: 'POST', body });
const createPreset = async (body: unknown) => parsed(PresetSchema, await postPreset(body));
const presets = async () =>
  parsed(z.array(PresetSchema), await call(`${svc.api}/presets`)).map((p) => ({
    ...p,
    preset: p.preset,
  }));

/** Sets the value at a dotted path of an object (how a test spoils one setting). */
function setDotted(target: object, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let node = target as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}

describe('PUT /projects/{projectId}/settings', () => {
  it('replaces the settings and gives a new versionId; a read returns them', async () => {
    const id = await firstProjectId();
    const before = await getSettings(id);
    const settings = structuredClone(before.settings);
    settings.style.chordTextStyle.textColor = '#112233';
    settings.style.layout.linesPerScreen = 3;
    const saved = parsed(
      ProjectSettingsSchema,
      await putSettings(id, { settings, expectedVersionId: before.versionId }),
    );
    expect(saved.versionId).not.toBe(before.versionId);
    expect(saved.settings.style.chordTextStyle.textColor).toBe('#112233');
    const again = await getSettings(id);
    expect(again.versionId).toBe(saved.versionId);
    expect(again.settings.style.layout.linesPerScreen).toBe(3);
    expect(again.presetId).toBe(before.presetId);
  });

  it('answers 409 with the current versionId on a stale version and stores nothing', async () => {
    const id = await firstProjectId();
    const before = await getSettings(id);
    const first = structuredClone(before.settings);
    first.style.chordTextStyle.textColor = '#010203';
    parsed(
      ProjectSettingsSchema,
      await putSettings(id, { settings: first, expectedVersionId: before.versionId }),
    );
    const current = await getSettings(id);
    const second = structuredClone(before.settings);
    second.style.chordTextStyle.textColor = '#FFFFFF';
    const res = await putSettings(id, { settings: second, expectedVersionId: before.versionId });
    problem(res, 409);
    expect(SettingsConflictSchema.parse(res.json).versionId).toBe(current.versionId);
    const after = await getSettings(id);
    expect(after.versionId).toBe(current.versionId);
    expect(after.settings.style.chordTextStyle.textColor).toBe('#010203');
  });

  it('two saves on one version at once: one is stored, the other gets 409', async () => {
    const id = await firstProjectId();
    const before = await getSettings(id);
    const one = structuredClone(before.settings);
    one.style.chordTextStyle.textColor = '#0000AA';
    const two = structuredClone(before.settings);
    two.style.chordTextStyle.textColor = '#00AA00';
    const answers = await Promise.all([
      putSettings(id, { settings: one, expectedVersionId: before.versionId }),
      putSettings(id, { settings: two, expectedVersionId: before.versionId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200);
    const stored = ProjectSettingsSchema.parse(winner?.json);
    expect((await getSettings(id)).settings.style.chordTextStyle.textColor).toBe(
      stored.settings.style.chordTextStyle.textColor,
    );
  });

  /** [what, the setting (dotted, below `settings`), its bad value, the field the 422 names]. */
  const bad: [string, string, unknown, string?][] = [
    ['a negative font size', 'style.chordTextStyle.fontSize', -5],
    ['a zero font size', 'style.overlays.titleCard.titleStyle.fontSize', 0],
    ['a negative outline width', 'style.chordTextStyle.outlineWidth', -1],
    ['a negative progress bar height', 'style.overlays.breakProgressBar.height', -2],
    ['no lines per screen', 'style.layout.linesPerScreen', 0],
    ['an unknown alignment', 'style.layout.alignment', 'diagonal'],
    ['an unknown aspect ratio', 'style.aspectRatio', '7:3'],
    ['an unknown text effect', 'style.chordTextStyle.textEffect', 'sparkle'],
    ['an unknown logo position', 'style.overlays.branding.logo.position', 'middle'],
    ['a colour name', 'style.chordTextStyle.textColor', 'red'],
    ['a short hex colour', 'style.chordTextStyle.outlineColor', '#FFF'],
    ['a hex colour with alpha', 'style.overlays.breakProgressBar.style.fillColor', '#FFD400AA'],
    ['an rgba out of range', 'style.chordTextStyle.shadowColor', 'rgba(300,0,0,0.5)'],
    ['a bad active outline', 'style.chordTextStyle.activeOutlineColor', 'blue-ish'],
    [
      'a bad singer colour',
      'style.singerTextStyles',
      { '1': { textColor: 'pink' } },
      'style.singerTextStyles.1.textColor',
    ],
    ['a negative translation spacing', 'style.layout.languageSpacing', -3],
    [
      'a bad translation colour',
      'style.languageTextStyles',
      { en: { textColor: 'red' } },
      'style.languageTextStyles.en.textColor',
    ],
    [
      'a negative translation size',
      'style.languageTextStyles',
      { 'ja-Latn': { fontSize: -4 } },
      'style.languageTextStyles.ja-Latn.fontSize',
    ],
    [
      'a translation style under a malformed language tag',
      'style.languageTextStyles',
      { 'not a tag!': { fontSize: 30 } },
      'style.languageTextStyles.not a tag!',
    ],
    [
      'a malformed display language',
      'displayLanguages',
      ['en', 'english language'],
      'displayLanguages.1',
    ],
    ['a display language listed twice', 'displayLanguages', ['en', 'EN'], 'displayLanguages.1'],
    ['a negative trim', 'trim.startSeconds', -1],
    ['a font size as text', 'style.chordTextStyle.fontSize', 'big'],
  ];
  it.each(bad)(
    'answers 422 naming the field for %s, storing nothing',
    async (_name, setting, value, field = setting) => {
      const path = `settings.${field}`;
      const id = await firstProjectId();
      const before = await getSettings(id);
      const settings = structuredClone(before.settings);
      setDotted(settings, setting, value);
      const body = problem(
        await putSettings(id, { settings, expectedVersionId: before.versionId }),
        422,
      );
      expect(body.errors?.map((e) => e.path)).toContain(path);
      expect(body.errors?.find((e) => e.path === path)?.message).toMatch(/\w/);
      expect((await getSettings(id)).versionId).toBe(before.versionId);
    },
  );

  it('accepts every documented colour form', async () => {
    const id = await firstProjectId();
    const before = await getSettings(id);
    const settings = structuredClone(before.settings);
    settings.style.chordTextStyle.textColor = '#aabbcc';
    settings.style.chordTextStyle.backgroundColor = 'transparent';
    settings.style.chordTextStyle.shadowColor = 'rgba(0, 0, 0, 0.75)';
    settings.displayLanguages = ['ja-Latn', 'en'];
    settings.style.layout.languageSpacing = 12;
    settings.style.languageTextStyles = {
      'ja-Latn': { fontFamily: 'Noto Sans', fontSize: 40, textColor: 'rgba(255, 255, 255, 0.8)' },
      en: { outlineColor: 'transparent', outlineWidth: 0 },
    };
    parsed(
      ProjectSettingsSchema,
      await putSettings(id, { settings, expectedVersionId: before.versionId }),
    );
  });

  it("is 404 on another account's project, and needs expectedVersionId", async () => {
    const id = await firstProjectId();
    const before = await getSettings(id);
    const other = await createAccount(svc, 'other@example.com');
    problem(
      await putSettings(
        id,
        { settings: before.settings, expectedVersionId: before.versionId },
        other.apiKey,
      ),
      404,
    );
    const missing = problem(await putSettings(id, { settings: before.settings }), 422);
    expect(missing.errors?.map((e) => e.path)).toContain('expectedVersionId');
  });
});

describe('presets', () => {
  it('creates one from a style, replaces its style, deletes it', async () => {
    const style = defaultStyle();
    style.chordTextStyle.activeLineColor = '#00FF00';
    const created = await createPreset({ name: '  Green  ', preset: style });
    expect(created).toMatchObject({ name: 'Green', isDefault: false });
    expect(created.preset.chordTextStyle.activeLineColor).toBe('#00FF00');
    expect((await presets()).map((p) => p.id)).toContain(created.id);

    style.chordTextStyle.activeLineColor = '#0000FF';
    const replaced = parsed(
      PresetSchema,
      await call(`${svc.api}/presets/${created.id}`, { method: 'PUT', body: { preset: style } }),
    );
    expect(replaced.preset.chordTextStyle.activeLineColor).toBe('#0000FF');
    expect(replaced.name).toBe('Green');

    style.layout.linesPerScreen = -1;
    const bad = problem(
      await call(`${svc.api}/presets/${created.id}`, { method: 'PUT', body: { preset: style } }),
      422,
    );
    expect(bad.errors?.map((e) => e.path)).toContain('preset.layout.linesPerScreen');

    parsed(SuccessSchema, await call(`${svc.api}/presets/${created.id}`, { method: 'DELETE' }));
    expect((await presets()).map((p) => p.id)).not.toContain(created.id);
    problem(
      await call(`${svc.api}/presets/${created.id}`, {
        method: 'PUT',
        body: { preset: defaultStyle() },
      }),
      404,
    );
  });

  it('creates one from a project, and refuses a body with neither or both', async () => {
    const id = await firstProjectId();
    const current = await getSettings(id);
    const fromProject = await createPreset({ name: 'Mine', fromProjectId: id });
    expect(fromProject.preset).toEqual(current.settings.style);
    const neither = problem(await postPreset({ name: 'x' }), 422);
    expect(neither.errors?.[0]?.path).toBe('preset');
    problem(await postPreset({ name: 'x', fromProjectId: id, preset: defaultStyle() }), 422);
    const noName = problem(await postPreset({ name: ' ', fromProjectId: id }), 422);
    expect(noName.errors?.[0]?.path).toBe('name');
    problem(await postPreset({ name: 'x', fromProjectId: 'prj_nope' }), 404);
  });

  it('applies a preset to a project: presetId set, style copied, 409 when stale', async () => {
    const id = await firstProjectId();
    const neon = (await presets()).find((p) => p.name.startsWith('Neon'));
    if (!neon) throw new Error('no neon preset');
    const before = await getSettings(id);
    const applied = parsed(
      ProjectSettingsSchema,
      await call(`${svc.api}/projects/${id}/settings/apply-preset`, {
        method: 'POST',
        body: { presetId: neon.id, expectedVersionId: before.versionId },
      }),
    );
    expect(applied.presetId).toBe(neon.id);
    expect(applied.settings.style).toEqual(neon.preset);
    expect(applied.preset).toEqual(neon.preset);
    expect(applied.settings.trim).toEqual(before.settings.trim);
    expect(applied.versionId).not.toBe(before.versionId);
    const stale = await call(`${svc.api}/projects/${id}/settings/apply-preset`, {
      method: 'POST',
      body: { presetId: neon.id, expectedVersionId: before.versionId },
    });
    problem(stale, 409);
    expect(SettingsConflictSchema.parse(stale.json).versionId).toBe(applied.versionId);
    problem(
      await call(`${svc.api}/projects/${id}/settings/apply-preset`, {
        method: 'POST',
        body: { presetId: 'pst_nope', expectedVersionId: applied.versionId },
      }),
      404,
    );
  });

  it('a new project starts from the default preset; a new default takes over', async () => {
    const style = defaultStyle();
    style.chordTextStyle.textColor = '#ABCDEF';
    const made = await createPreset({ name: 'House style', preset: style, isDefault: true });
    const all = await presets();
    expect(all.filter((p) => p.isDefault).map((p) => p.id)).toEqual([made.id]);
    const file = await upload(svc.api, demoSong());
    const started = await createProject(svc.api, { inputFileId: file.inputFileId });
    const settings = await getSettings(started.projectId);
    expect(settings.presetId).toBe(made.id);
    expect(settings.settings.style.chordTextStyle.textColor).toBe('#ABCDEF');
  });
});
