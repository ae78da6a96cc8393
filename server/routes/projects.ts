import { basename, extname } from 'node:path';
import { RawJson, type HandlerTable, type RequestContext } from '../context';
import {
  createProject,
  getProjectRow,
  listProjects,
  patchProject,
  projectJson,
  projectSettings,
  type ProjectRow,
} from '../db/projects';
import { run } from '../db/statements';
import { getPreset } from '../db/library';
import { HttpError, notFound } from '../http/problem';
import { taskStart } from './tasks';

/** The caller's project, or 404 (another account's id looks exactly like an unknown one). */
export function ownProject(ctx: RequestContext, id: string): ProjectRow {
  const row = getProjectRow(ctx.services.db, ctx.account.userId, id);
  if (!row) throw notFound('Project');
  return row;
}

export const projectJsonFor = (ctx: RequestContext, row: ProjectRow): RawJson =>
  new RawJson(projectJson(ctx.services.db, ctx.services.files, ctx.origin, row));

function titleFromFilename(filename: string): string {
  const stem = basename(filename, extname(filename)).trim();
  return stem.length >= 2 ? stem.slice(0, 300) : 'Untitled project';
}

export const projectHandlers = {
  listProjects: (_input, ctx) => listProjects(ctx.services.db, ctx.account.userId, ctx.origin),

  createProject: ({ body }, ctx) => {
    const { db, files, tasks } = ctx.services;
    const accountId = ctx.account.userId;
    const file = files.row(body.inputFileId);
    if (!file || file.account_id !== accountId) throw notFound('Upload');
    const invalid = (message: string) =>
      new HttpError(422, 'The body is not valid.', { errors: [{ path: 'inputFileId', message }] });
    if (file.status !== 'complete') throw invalid('the file has not been uploaded yet');
    if (file.used_by) throw invalid('this upload was already used for a project');
    if (body.presetId && !getPreset(db, accountId, body.presetId)) throw notFound('Preset');
    const task = tasks.enqueue({
      accountId,
      type: 'create-karaoke',
      input: {
        inputFileId: file.id,
        stemModel: body.stemModel,
        lyricsSource: body.lyricsSource,
      },
      projectId: () => {
        const id = createProject(db, {
          accountId,
          title: body.title ?? titleFromFilename(file.filename),
          artists: body.artists,
          inputFileId: file.id,
          presetId: body.presetId,
        });
        run(db, 'UPDATE files SET used_by = ? WHERE id = ?', id, file.id);
        return id;
      },
    });
    return taskStart(ctx, task.project_id, task.id);
  },

  getProject: ({ params }, ctx) => projectJsonFor(ctx, ownProject(ctx, params.projectId)),

  patchProject: ({ params, body }, ctx) => {
    const row = ownProject(ctx, params.projectId);
    patchProject(ctx.services.db, row.id, body);
    return projectJsonFor(ctx, ownProject(ctx, row.id));
  },

  getProjectSettings: ({ params }, ctx) =>
    projectSettings(ctx.services.db, ownProject(ctx, params.projectId)),
} satisfies Pick<
  HandlerTable,
  'listProjects' | 'createProject' | 'getProject' | 'patchProject' | 'getProjectSettings'
>;
