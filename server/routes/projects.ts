import { basename, extname } from 'node:path';
import { RawJson, type HandlerTable, type RequestContext } from '../context';
import { fileRow, markFileComplete, markFileUsed } from '../db/files';
import {
  createProject,
  listProjects,
  patchProject,
  projectJson,
  projectSettings,
  replaceProjectSettings,
  type ProjectRow,
} from '../db/projects';
import { getPreset } from '../db/library';
import { HttpError, notFound } from '../http/problem';
import { ownProject } from './own-project';
import { storeCall } from './store-problems';
import { taskStart } from './task-start';

/** A settings save on a stale version: 409 with the current `versionId`. */
const staleSettings = () =>
  'The settings changed since they were read: fetch them again (or merge) before saving.';

export const projectJsonFor = async (ctx: RequestContext, row: ProjectRow): Promise<RawJson> =>
  new RawJson(await projectJson(ctx.services.db, ctx.services.files, ctx.origin, row));

function titleFromFilename(filename: string): string {
  const stem = basename(filename, extname(filename)).trim();
  return stem.length >= 2 ? stem.slice(0, 300) : 'Untitled project';
}

export const projectHandlers = {
  listProjects: (_input, ctx) => listProjects(ctx.services.db, ctx.account.userId, ctx.origin),

  createProject: async ({ body }, ctx) => {
    const { db, files, tasks } = ctx.services;
    const accountId = ctx.account.userId;
    const invalid = (message: string) =>
      new HttpError(422, 'The body is not valid.', { errors: [{ path: 'inputFileId', message }] });
    const first = await fileRow(db, body.inputFileId);
    if (!first || first.account_id !== accountId) throw notFound('Upload');
    if (first.status !== 'complete') {
      // Bytes sent straight to an S3 store: the row learns they are there when they are used.
      const size = await files.uploadedSize(first);
      if (size !== first.expected_size) throw invalid('the file has not been uploaded yet');
      await markFileComplete(db, first.id, size);
    }
    if (body.presetId && !(await getPreset(db, accountId, body.presetId))) {
      throw notFound('Preset');
    }
    const task = await storeCall(
      db.tx(async (tx) => {
        // The upload row is locked: two requests using one upload at once make one project.
        const file = await fileRow(tx, first.id, tx.forUpdate);
        if (!file) throw notFound('Upload');
        if (file.used_by) throw invalid('this upload was already used for a project');
        return tasks.enqueue(tx, {
          accountId,
          type: 'create-karaoke',
          input: {
            inputFileId: file.id,
            stemModel: body.stemModel,
            lyricsSource: body.lyricsSource,
          },
          projectId: async (inner) => {
            const id = await createProject(inner, {
              accountId,
              title: body.title ?? titleFromFilename(file.filename),
              artists: body.artists,
              inputFileId: file.id,
              presetId: body.presetId,
            });
            await markFileUsed(inner, file.id, id);
            return id;
          },
        });
      }),
    );
    return taskStart(ctx, task.project_id, task.id);
  },

  getProject: async ({ params }, ctx) =>
    projectJsonFor(ctx, await ownProject(ctx, params.projectId)),

  patchProject: async ({ params, body }, ctx) => {
    const row = await ownProject(ctx, params.projectId);
    await patchProject(ctx.services.db, row.id, body);
    return projectJsonFor(ctx, await ownProject(ctx, row.id));
  },

  getProjectSettings: async ({ params }, ctx) =>
    projectSettings(ctx.services.db, await ownProject(ctx, params.projectId)),

  replaceProjectSettings: ({ params, body }, ctx) =>
    storeCall(
      replaceProjectSettings(ctx.services.db, ctx.account.userId, params.projectId, {
        expectedVersionId: body.expectedVersionId,
        settings: body.settings,
      }),
      staleSettings,
    ),

  applyPreset: ({ params, body }, ctx) =>
    storeCall(
      replaceProjectSettings(ctx.services.db, ctx.account.userId, params.projectId, body),
      staleSettings,
    ),
} satisfies Pick<
  HandlerTable,
  | 'listProjects'
  | 'createProject'
  | 'getProject'
  | 'patchProject'
  | 'getProjectSettings'
  | 'replaceProjectSettings'
  | 'applyPreset'
>;
