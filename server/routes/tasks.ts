import type { TaskStart } from '../../src/contract';
import type { HandlerTable, RequestContext } from '../context';
import { projectUrl } from '../db/projects';
import { getTask, projectTasks, taskListEntry, taskView } from '../db/tasks';
import { notFound } from '../http/problem';
import { ownProject } from './projects';

export const taskStart = (ctx: RequestContext, projectId: string, taskId: string): TaskStart => ({
  projectId,
  taskId,
  projectUrl: projectUrl(ctx.origin, projectId),
  taskUrl: `${ctx.origin}/api/v1/tasks/${encodeURIComponent(taskId)}`,
});

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

  cancelTask: ({ params }, ctx) => ctx.services.tasks.cancel(ctx.account.userId, params.taskId),

  startLyricsSync: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    const task = await ctx.services.tasks.enqueue(ctx.services.db, {
      accountId: ctx.account.userId,
      projectId: project.id,
      type: 'sync-lyrics',
      input: { lyricsSource: body.lyricsSource },
    });
    return taskStart(ctx, project.id, task.id);
  },

  startStemSeparation: async ({ params, body }, ctx) => {
    const project = await ownProject(ctx, params.projectId);
    const task = await ctx.services.tasks.enqueue(ctx.services.db, {
      accountId: ctx.account.userId,
      projectId: project.id,
      type: 'stem-separation',
      // The requested model is kept on the task; the stems name the model that really ran.
      input: { model: body.model },
    });
    return taskStart(ctx, project.id, task.id);
  },
} satisfies Pick<
  HandlerTable,
  'listProjectTasks' | 'getTask' | 'cancelTask' | 'startLyricsSync' | 'startStemSeparation'
>;
