import { EXPORTS_DEFAULT_LIMIT } from '../../src/contract';
import type { HandlerTable } from '../context';
import {
  createPreset,
  deleteMedia,
  deletePreset,
  exportView,
  getMedia,
  getPreset,
  listMedia,
  listPresets,
  mediaView,
  patchPreset,
  presetView,
  projectExports,
  replacePresetStyle,
} from '../db/library';
import { projectSettings } from '../db/projects';
import { notFound } from '../http/problem';
import { removeFile } from '../storage/file-store';
import { ownProject } from './own-project';

export const libraryHandlers = {
  listExports: async ({ params, query }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    const limit = query.limit ?? EXPORTS_DEFAULT_LIMIT;
    const rows = await projectExports(ctx.services.db, project.id, query.page ?? 1, limit);
    return rows.map(exportView);
  },

  listPresets: (_input, ctx) => listPresets(ctx.services.db, ctx.account.userId),

  createPreset: async ({ body }, ctx) => {
    const { db } = ctx.services;
    let style = body.preset;
    if (!style) {
      // The project's current style (a fromProjectId of another account is a 404, not a leak).
      const project = await ownProject(ctx, body.fromProjectId ?? '');
      style = (await projectSettings(db, project)).settings.style;
    }
    const row = await createPreset(db, ctx.account.userId, body.name, style, !!body.isDefault);
    return presetView(row);
  },

  replacePreset: async ({ params, body }, ctx) => {
    const { db } = ctx.services;
    if (!(await replacePresetStyle(db, ctx.account.userId, params.presetId, body.preset))) {
      throw notFound('Preset');
    }
    const row = await getPreset(db, ctx.account.userId, params.presetId);
    if (!row) throw notFound('Preset');
    return presetView(row);
  },

  patchPreset: async ({ params, body }, ctx) => {
    const { db } = ctx.services;
    if (!(await getPreset(db, ctx.account.userId, params.presetId))) throw notFound('Preset');
    await patchPreset(db, ctx.account.userId, params.presetId, body);
    const row = await getPreset(db, ctx.account.userId, params.presetId);
    if (!row) throw notFound('Preset');
    return presetView(row);
  },

  deletePreset: async ({ params }, ctx) => {
    if (!(await deletePreset(ctx.services.db, ctx.account.userId, params.presetId))) {
      throw notFound('Preset');
    }
    return { success: true };
  },

  listMedia: async (_input, ctx) => {
    const rows = await listMedia(ctx.services.db, ctx.account.userId);
    return Promise.all(rows.map((m) => mediaView(m, ctx.services.files, ctx.origin)));
  },

  getMedia: async ({ params }, ctx) => {
    const row = await getMedia(ctx.services.db, ctx.account.userId, params.mediaId);
    if (!row) throw notFound('Media item');
    return mediaView(row, ctx.services.files, ctx.origin);
  },

  deleteMedia: async ({ params }, ctx) => {
    const { db, files } = ctx.services;
    const fileIds = await deleteMedia(db, ctx.account.userId, params.mediaId);
    if (!fileIds) throw notFound('Media item');
    // Its signed URLs 404 at once (the file row is gone) and its bytes leave the store.
    for (const fileId of fileIds) await removeFile(db, files, fileId);
    return { success: true };
  },
} satisfies Pick<
  HandlerTable,
  | 'listExports'
  | 'listPresets'
  | 'createPreset'
  | 'replacePreset'
  | 'patchPreset'
  | 'deletePreset'
  | 'listMedia'
  | 'getMedia'
  | 'deleteMedia'
>;
