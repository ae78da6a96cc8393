/**
 * The alignment routes. PUT .../alignments/{id} (replaceAlignment), top to bottom: its body reader
 * (`replacement-body.ts`: limit, parse, check, ids spliced into the client's bytes; in
 * `body-worker.ts` when large), then `handle`: the caller's project, the guarded write
 * (`db/alignments.ts#replaceAlignment`: both revisions checked, stored, selected), the answer as
 * JSON parts with a ReplayRef; an Idempotency-Key replay rebuilds the answer with `replay`.
 */
import {
  declareRoute,
  RawJson,
  type HandlerTable,
  type ReplayRef,
  type RequestContext,
} from '../../context';
import { alignmentAtRevision, replaceAlignment, selectAlignment } from '../../db/alignments';
import { ownProject } from '../own-project';
import { storeCall } from '../store-problems';
import { replacementBody } from './replacement-body';

/** A stale revision's 409 (the body carries `revision` and `selectionRevision`). */
const staleDetail = (what: string) =>
  `The ${what} changed since it was read: fetch the project again before applying edits.`;

/** The stored revision a replacement made; an Idempotency-Key replay is answered from it. */
interface AlignmentReplay extends ReplayRef {
  kind: 'alignment';
  projectId: string;
  alignmentId: string;
  revision: string;
}

export const alignmentHandlers = {
  replaceAlignment: declareRoute('replaceAlignment', {
    body: replacementBody,
    handle: async ({ params, body }, ctx) => {
      const project = await ownProject(ctx, params.projectId);
      const { parts, revision } = await storeCall(
        replaceAlignment(ctx.services.db, project.id, params.alignmentId, body),
        staleDetail,
      );
      const replay: AlignmentReplay = {
        kind: 'alignment',
        projectId: project.id,
        alignmentId: params.alignmentId,
        revision,
      };
      return new RawJson(parts, replay);
    },
    replay: replayAlignment,
  }),
  selectAlignment: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    return new RawJson(
      await storeCall(
        selectAlignment(ctx.services.db, project.id, params.alignmentId, body),
        staleDetail,
      ),
    );
  },
} satisfies Pick<HandlerTable, 'replaceAlignment' | 'selectAlignment'>;

/**
 * Rebuilds the answer of a replacement replayed with its Idempotency-Key: the stored alignment
 * while its revision is still the one that replacement made; once someone saved after it, the
 * same 409 a fresh request would get (the client then merges, as after any conflict).
 */
async function replayAlignment(ref: ReplayRef, ctx: RequestContext): Promise<RawJson> {
  const { projectId = '', alignmentId = '', revision = '' } = ref;
  const project = await ownProject(ctx, projectId);
  return new RawJson(
    await storeCall(
      alignmentAtRevision(ctx.services.db, project.id, alignmentId, revision),
      staleDetail,
    ),
  );
}
