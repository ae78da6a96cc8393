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
  listProjectTasks: ({ params }, ctx) =>
    projectTasks(ctx.services.db, ownProject(ctx, params.projectId).id).map(taskListEntry),

  getTask: ({ params }, ctx) => {
    const row = getTask(ctx.services.db, ctx.account.userId, params.taskId);
    if (!row) throw notFound('Task');
    return taskView(row);
  },

  startLyricsSync: ({ params, body }, ctx) => {
    const project = ownProject(ctx, params.projectId);
    const task = ctx.services.tasks.enqueue({
      accountId: ctx.account.userId,
      projectId: project.id,
      type: 'sync-lyrics',
      input: { lyricsSource: body.lyricsSource },
    });
    return taskStart(ctx, project.id, task.id);
  },

  startStemSeparation: ({ params, body }, ctx) => {
    const project = ownProject(ctx, params.projectId);
    const task = ctx.services.tasks.enqueue({
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
  'listProjectTasks' | 'getTask' | 'startLyricsSync' | 'startStemSeparation'
>;
