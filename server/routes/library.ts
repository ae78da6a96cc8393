import { EXPORTS_DEFAULT_LIMIT } from '../../src/contract';
import type { HandlerTable } from '../context';
import {
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
} from '../db/library';
import { notFound } from '../http/problem';
import { ownProject } from './projects';

export const libraryHandlers = {
  listExports: ({ params, query }, ctx) => {
    const project = ownProject(ctx, params.projectId);
    const limit = query.limit ?? EXPORTS_DEFAULT_LIMIT;
    return projectExports(ctx.services.db, project.id, query.page ?? 1, limit).map(exportView);
  },

  listPresets: (_input, ctx) => listPresets(ctx.services.db, ctx.account.userId),

  patchPreset: ({ params, body }, ctx) => {
    const { db } = ctx.services;
    if (!getPreset(db, ctx.account.userId, params.presetId)) throw notFound('Preset');
    patchPreset(db, ctx.account.userId, params.presetId, body);
    const row = getPreset(db, ctx.account.userId, params.presetId);
    if (!row) throw notFound('Preset');
    return presetView(row);
  },

  deletePreset: ({ params }, ctx) => {
    if (!deletePreset(ctx.services.db, ctx.account.userId, params.presetId)) {
      throw notFound('Preset');
    }
    return { success: true };
  },

  listMedia: (_input, ctx) =>
    listMedia(ctx.services.db, ctx.account.userId).map((m) =>
      mediaView(m, ctx.services.files, ctx.origin),
    ),

  getMedia: ({ params }, ctx) => {
    const row = getMedia(ctx.services.db, ctx.account.userId, params.mediaId);
    if (!row) throw notFound('Media item');
    return mediaView(row, ctx.services.files, ctx.origin);
  },

  deleteMedia: ({ params }, ctx) => {
    const { db, files } = ctx.services;
    const fileIds = db.transaction(() => deleteMedia(db, ctx.account.userId, params.mediaId))();
    if (!fileIds) throw notFound('Media item');
    // Its signed URLs 404 at once (the file row is gone) and its bytes leave the disk.
    for (const fileId of fileIds) files.remove(fileId);
    return { success: true };
  },
} satisfies Pick<
  HandlerTable,
  | 'listExports'
  | 'listPresets'
  | 'patchPreset'
  | 'deletePreset'
  | 'listMedia'
  | 'getMedia'
  | 'deleteMedia'
>;
