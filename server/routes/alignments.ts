import { RawJson, type HandlerTable, type ReplayRef, type RequestContext } from '../context';
import { alignmentAtRevision, replaceAlignment, selectAlignment } from '../db/alignments';
import { ownProject } from './projects';

export const alignmentHandlers = {
  replaceAlignment: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    const { parts, revision } = await replaceAlignment(
      ctx.services.db,
      project.id,
      params.alignmentId,
      body,
    );
    const replay: ReplayRef = {
      kind: 'alignment',
      projectId: project.id,
      alignmentId: params.alignmentId,
      revision,
    };
    return new RawJson(parts, replay);
  },
  selectAlignment: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    return new RawJson(
      await selectAlignment(ctx.services.db, project.id, params.alignmentId, body),
    );
  },
} satisfies Pick<HandlerTable, 'replaceAlignment' | 'selectAlignment'>;

/**
 * Rebuilds the answer of a replacement replayed with its Idempotency-Key: the stored alignment
 * while its revision is still the one that replacement made; once someone saved after it, the
 * same 409 a fresh request would get (the client then merges, as after any conflict).
 */
export async function replayAlignment(ref: ReplayRef, ctx: RequestContext): Promise<RawJson> {
  const project = await ownProject(ctx, ref.projectId);
  const found = await alignmentAtRevision(
    ctx.services.db,
    project.id,
    ref.alignmentId,
    ref.revision,
  );
  if ('conflict' in found) throw found.conflict;
  return new RawJson(found.json);
}
