import type { RequestContext } from '../context';
import type { Db } from '../db/database';
import { getProjectRow, type ProjectRow } from '../db/projects';
import { notFound } from '../http/problem';

/** The caller's project, or 404 (another account's id looks exactly like an unknown one). */
export async function ownProject(ctx: RequestContext, id: string, db?: Db): Promise<ProjectRow> {
  const row = await getProjectRow(db ?? ctx.services.db, ctx.account.userId, id);
  if (!row) throw notFound('Project');
  return row;
}
