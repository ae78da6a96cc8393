import {
  defaultStyle,
  ProjectSettingsBodySchema,
  type Project,
  type ProjectListEntry,
  type ProjectSettings,
  type StyleObject,
} from '../../src/contract';
import { NotFoundError, StaleVersionError } from '../errors';
import type { FileStore } from '../storage/file-store';
import { alignmentJson, projectAlignments } from './alignments';
import type { Db } from './database';
import { newId, newRevision, nowIso } from './ids';
import { exportView, projectExports } from './library';
import { latestProjectTask } from './tasks';

export interface ProjectRow {
  id: string;
  account_id: string;
  title: string;
  artists_json: string;
  lyrics: string | null;
  language: string | null;
  duration: number | null;
  input_file_id: string | null;
  selected_alignment_id: string | null;
  selection_revision: string;
  preset_id: string | null;
  settings_json: string;
  settings_version: string;
  created_at: string;
}

export interface StemRow {
  id: string;
  project_id: string;
  type: string;
  model: string;
  file_id: string;
  duration: number;
}

export function getProjectRow(
  db: Db,
  accountId: string,
  id: string,
): Promise<ProjectRow | undefined> {
  return db.one<ProjectRow>(
    'SELECT * FROM projects WHERE id = ? AND account_id = ?',
    id,
    accountId,
  );
}

export const projectUrl = (origin: string, id: string): string =>
  `${origin}/api/v1/projects/${encodeURIComponent(id)}`;

export async function listProjects(
  db: Db,
  accountId: string,
  origin: string,
): Promise<ProjectListEntry[]> {
  const rows = await db.all<{ id: string; title: string }>(
    'SELECT id, title FROM projects WHERE account_id = ? ORDER BY created_at DESC, rowid DESC',
    accountId,
  );
  return rows.map((p) => ({ id: p.id, title: p.title, projectUrl: projectUrl(origin, p.id) }));
}

/** The preset a new project starts from: the given one, else the account's default. */
function startingPreset(db: Db, accountId: string, presetId?: string) {
  return db.one<{ id: string; preset_json: string }>(
    `SELECT id, preset_json FROM presets
     WHERE account_id = ? AND (id = ? OR (CAST(? AS TEXT) IS NULL AND is_default = 1))
     ORDER BY is_default DESC LIMIT 1`,
    accountId,
    presetId ?? null,
    presetId ?? null,
  );
}

export async function createProject(
  db: Db,
  p: {
    accountId: string;
    title: string;
    artists?: string[];
    inputFileId?: string | null;
    presetId?: string;
    lyrics?: string | null;
  },
): Promise<string> {
  const id = newId('prj');
  const now = nowIso();
  const preset = await startingPreset(db, p.accountId, p.presetId);
  const style = preset ? (JSON.parse(preset.preset_json) as StyleObject) : defaultStyle();
  const settings = ProjectSettingsBodySchema.parse({ style });
  await db.run(
    `INSERT INTO projects (id, account_id, title, artists_json, lyrics, input_file_id, selection_revision,
       preset_id, settings_json, settings_version, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    p.accountId,
    p.title,
    JSON.stringify(p.artists ?? []),
    p.lyrics ?? null,
    p.inputFileId ?? null,
    newRevision(),
    preset?.id ?? null,
    JSON.stringify(settings),
    newRevision(),
    now,
    now,
  );
  return id;
}

export async function patchProject(
  db: Db,
  id: string,
  patch: { title?: string; artists?: string[] },
): Promise<void> {
  await db.run(
    `UPDATE projects SET title = COALESCE(?, title), artists_json = COALESCE(?, artists_json),
       updated_at = ? WHERE id = ?`,
    patch.title ?? null,
    patch.artists ? JSON.stringify(patch.artists) : null,
    nowIso(),
    id,
  );
}

export function projectStems(db: Db, projectId: string): Promise<StemRow[]> {
  return db.all<StemRow>(
    'SELECT * FROM stems WHERE project_id = ? ORDER BY created_at, rowid',
    projectId,
  );
}

export async function addStem(
  db: Db,
  stem: { projectId: string; type: string; model: string; fileId: string; duration: number },
): Promise<string> {
  const id = newId('stem');
  await db.run(
    'INSERT INTO stems (id, project_id, type, model, file_id, duration, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id,
    stem.projectId,
    stem.type,
    stem.model,
    stem.fileId,
    stem.duration,
    nowIso(),
  );
  return id;
}

export async function projectSettings(db: Db, row: ProjectRow): Promise<ProjectSettings> {
  const preset = row.preset_id
    ? await db.one<{ preset_json: string }>(
        'SELECT preset_json FROM presets WHERE id = ?',
        row.preset_id,
      )
    : undefined;
  return {
    versionId: row.settings_version,
    presetId: preset ? row.preset_id : null,
    preset: preset ? (JSON.parse(preset.preset_json) as StyleObject) : defaultStyle(),
    settings: JSON.parse(row.settings_json) as ProjectSettings['settings'],
  };
}

/**
 * PUT .../settings: replaces the settings while `expectedVersionId` is still the stored one (the
 * row is locked, so two saves on one version make one winner and one StaleVersionError); a new versionId.
 */
export async function replaceProjectSettings(
  db: Db,
  accountId: string,
  projectId: string,
  change: {
    expectedVersionId: string;
    settings?: ProjectSettings['settings'];
    /** Apply a preset: its id, and its style copied into the settings. */
    presetId?: string;
  },
): Promise<ProjectSettings> {
  return db.tx(async (tx) => {
    const row = await tx.one<ProjectRow>(
      `SELECT * FROM projects WHERE id = ? AND account_id = ?${tx.forUpdate}`,
      projectId,
      accountId,
    );
    if (!row) throw new NotFoundError('Project');
    let settings = change.settings;
    let presetId = row.preset_id;
    if (change.presetId !== undefined) {
      const preset = await tx.one<{ id: string; preset_json: string }>(
        'SELECT id, preset_json FROM presets WHERE id = ? AND account_id = ?',
        change.presetId,
        accountId,
      );
      if (!preset) throw new NotFoundError('Preset');
      const current = JSON.parse(row.settings_json) as ProjectSettings['settings'];
      settings = { ...current, style: JSON.parse(preset.preset_json) as StyleObject };
      presetId = preset.id;
    }
    if (row.settings_version !== change.expectedVersionId) {
      throw new StaleVersionError('settings', { versionId: row.settings_version });
    }
    const version = newRevision();
    await tx.run(
      `UPDATE projects SET settings_json = ?, settings_version = ?, preset_id = ?, updated_at = ?
       WHERE id = ?`,
      JSON.stringify(settings ?? JSON.parse(row.settings_json)),
      version,
      presetId,
      nowIso(),
      row.id,
    );
    const fresh = await tx.one<ProjectRow>('SELECT * FROM projects WHERE id = ?', row.id);
    if (!fresh) throw new NotFoundError('Project');
    return projectSettings(tx, fresh);
  });
}

/** The full Project as JSON text, alignments spliced in last (see alignmentJson). */
export async function projectJson(
  db: Db,
  files: FileStore,
  origin: string,
  row: ProjectRow,
): Promise<string> {
  const [task, stems, exports, settings, alignmentRows] = await Promise.all([
    latestProjectTask(db, row.id),
    projectStems(db, row.id),
    projectExports(db, row.id, 1, 100),
    projectSettings(db, row),
    projectAlignments(db, row.id),
  ]);
  const head: Omit<Project, 'alignments'> = {
    id: row.id,
    title: row.title,
    artists: JSON.parse(row.artists_json) as string[],
    stems: await Promise.all(
      stems.map(async (s) => ({
        id: s.id,
        type: s.type,
        model: s.model,
        url: await files.url(origin, s.file_id),
        duration: s.duration,
      })),
    ),
    exports: exports.map(exportView),
    settings,
    lyrics: row.lyrics,
    language: row.language,
    duration: row.duration,
    task: task ? { id: task.id, type: task.type, status: task.status, error: task.error } : null,
  };
  const alignments = alignmentRows.map((a) => alignmentJson(a, row));
  return `${JSON.stringify(head).slice(0, -1)},"alignments":[${alignments.join(',')}]}`;
}
