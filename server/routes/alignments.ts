import { RawJson, type HandlerTable } from '../context';
import { replaceAlignment, selectAlignment } from '../db/alignments';
import { ownProject } from './projects';

export const alignmentHandlers = {
  replaceAlignment: ({ params, body }, ctx) => {
    const project = ownProject(ctx, params.projectId);
    return new RawJson(replaceAlignment(ctx.services.db, project.id, params.alignmentId, body));
  },
  selectAlignment: ({ params, body }, ctx) => {
    const project = ownProject(ctx, params.projectId);
    return new RawJson(selectAlignment(ctx.services.db, project.id, params.alignmentId, body));
  },
} satisfies Pick<HandlerTable, 'replaceAlignment' | 'selectAlignment'>;
