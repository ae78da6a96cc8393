import type { HandlerTable } from '../context';
import { exportView, getExport, insertExport, setExportTask } from '../db/library';
import { HttpError, notFound } from '../http/problem';
import { exportTaskInput } from '../render/export-request';
import { playbackExpiry } from '../storage/signing';
import { ownProject } from './own-project';
import { storeCall } from './store-problems';
import { taskStart } from './task-start';

export const exportHandlers = {
  createExport: async ({ params, body }, ctx) => {
    const { db, tasks } = ctx.services;
    const project = await ownProject(ctx, params.projectId);
    const input = await storeCall(exportTaskInput(db, project, body));
    const task = await db.tx(async (tx) => {
      const exportId = await insertExport(tx, project.id, 'queued', {
        resolution: input.resolution,
        quality: input.quality,
        fps: input.fps,
        transparent: input.transparent,
        renderMode: input.renderMode,
        renderBackend: 'batch',
        alignmentId: input.alignmentId,
        audio: input.audio,
        ...(input.range ? { range: input.range } : {}),
      });
      const row = await storeCall(
        tasks.enqueue(tx, {
          accountId: ctx.account.userId,
          projectId: project.id,
          type: 'export-project',
          input: { ...input, exportId },
        }),
      );
      await setExportTask(tx, exportId, row.id);
      return row;
    });
    return taskStart(ctx, project.id, task.id);
  },

  getExportDownload: async ({ params }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    const row = await getExport(ctx.services.db, project.id, params.exportId);
    if (!row) throw notFound('Export');
    const view = exportView(row);
    if (view.status !== 'completed' || !view.fileId) {
      throw new HttpError(409, `The export has no file to download (it is ${view.status}).`);
    }
    const url = await ctx.services.files.url(ctx.origin, view.fileId);
    // Both stores sign playback links until the same hour (storage/signing.ts playbackExpiry).
    return { url, expiresAt: new Date(playbackExpiry() * 1000).toISOString() };
  },
} satisfies Pick<HandlerTable, 'createExport' | 'getExportDownload'>;
