import type { TaskStart } from '../../src/contract';
import type { RequestContext } from '../context';
import { projectUrl } from '../db/projects';

/** The answer of every route that starts a task: where to follow it and its project. */
export const taskStart = (ctx: RequestContext, projectId: string, taskId: string): TaskStart => ({
  projectId,
  taskId,
  projectUrl: projectUrl(ctx.origin, projectId),
  taskUrl: `${ctx.origin}/api/v1/tasks/${encodeURIComponent(taskId)}`,
});
