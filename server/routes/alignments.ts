import { RawJson, type HandlerTable } from '../context';
import { replaceAlignment, selectAlignment } from '../db/alignments';
import { ownProject } from './projects';

export const alignmentHandlers = {
  replaceAlignment: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    return new RawJson(
      await replaceAlignment(ctx.services.db, project.id, params.alignmentId, body),
    );
  },
  selectAlignment: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    return new RawJson(
      await selectAlignment(ctx.services.db, project.id, params.alignmentId, body),
    );
  },
} satisfies Pick<HandlerTable, 'replaceAlignment' | 'selectAlignment'>;
