import type { AlignmentItem, LyricsSource, TaskStart, TaskType } from '../../src/contract';
import type { HandlerTable, RequestContext } from '../context';
import { getTask, projectTasks, taskListEntry, taskView } from '../db/tasks';
import { HttpError, notFound } from '../http/problem';
import { findReview } from '../tasks/sync-review';
import { ownProject } from './own-project';
import { storeCall } from './store-problems';
import { taskStart } from './task-start';

const invalid = (path: string, message: string) =>
  new HttpError(422, 'The body is not valid.', { errors: [{ path, message }] });

/**
 * The alignment variant names an alignment of this project and, when given, items of it; without
 * `keepItemIds` the alignment must come from a sync (its review tells the words edited by hand).
 */
async function checkLyricsSource(ctx: RequestContext, projectId: string, source: LyricsSource) {
  if (source.type !== 'alignment') return;
  const row = await ctx.services.db.one<{ items_json: string }>(
    'SELECT items_json FROM alignments WHERE id = ? AND project_id = ?',
    source.alignmentId,
    projectId,
  );
  if (!row) {
    throw invalid('lyricsSource.alignmentId', 'no alignment with this id in the project');
  }
  // Parsed only to check named ids (a 100,000-word alignment is megabytes of JSON).
  if (/^\s*\[\s*\]\s*$/.test(row.items_json)) {
    throw invalid('lyricsSource.alignmentId', 'this alignment has no words to sync');
  }
  if (source.keepItemIds) {
    const items = JSON.parse(row.items_json) as AlignmentItem[];
    const ids = new Set(items.map((x) => x.id));
    const unknown = source.keepItemIds.findIndex((id) => !ids.has(id));
    if (unknown >= 0) {
      throw invalid(`lyricsSource.keepItemIds.${unknown}`, 'no item with this id in the alignment');
    }
    return;
  }
  if (!(await findReview(ctx.services.db, projectId, source.alignmentId))) {
    throw invalid(
      'lyricsSource.keepItemIds',
      'this alignment was not made by a sync, so the words edited by hand are not known: name the items to keep',
    );
  }
}

/** Charges and queues a task of the caller's project; answers where to follow it. */
async function startProjectTask(
  ctx: RequestContext,
  projectId: string,
  type: TaskType,
  input: unknown,
): Promise<TaskStart> {
  const task = await storeCall(
    ctx.services.tasks.enqueue(ctx.services.db, {
      accountId: ctx.account.userId,
      projectId,
      type,
      input,
    }),
  );
  return taskStart(ctx, projectId, task.id);
}

export const taskHandlers = {
  listProjectTasks: async ({ params }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    return (await projectTasks(ctx.services.db, project.id)).map(taskListEntry);
  },

  getTask: async ({ params }, ctx) => {
    const row = await getTask(ctx.services.db, ctx.account.userId, params.taskId);
    if (!row) throw notFound('Task');
    return taskView(row);
  },

  cancelTask: ({ params }, ctx) =>
    storeCall(ctx.services.tasks.cancel(ctx.account.userId, params.taskId)),

  startLyricsSync: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    await checkLyricsSource(ctx, project.id, body.lyricsSource);
    return startProjectTask(ctx, project.id, 'sync-lyrics', { lyricsSource: body.lyricsSource });
  },

  startStemSeparation: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    // The requested model is kept on the task; the stems name the model that really ran.
    return startProjectTask(ctx, project.id, 'stem-separation', { model: body.model });
  },
} satisfies Pick<
  HandlerTable,
  'listProjectTasks' | 'getTask' | 'cancelTask' | 'startLyricsSync' | 'startStemSeparation'
>;
