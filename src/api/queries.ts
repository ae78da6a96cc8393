import { mediaPollDelay } from './media-polling';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  EXPORTS_DEFAULT_LIMIT,
  isTerminalStatus,
  type BillingPlatform,
  type Project,
  type Task,
  type TaskListEntry,
} from '../contract';
import type { ApiClient } from './client';
import { queryKeys } from './query-keys';
import { justEnded, pollDelay } from './task-polling';
import { useTaskWatch } from './task-watch';

export const meQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.me(),
    queryFn: ({ signal }) => client.request('getMe', { signal }),
    staleTime: 5 * 60_000,
  });

export const creditsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.credits(),
    queryFn: ({ signal }) => client.request('getCredits', { signal }),
  });

export const billingCatalogQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.billingCatalog(),
    queryFn: ({ signal }) => client.request('getBillingCatalog', { signal }),
    staleTime: 10 * 60_000,
  });

export const billingManageQuery = (client: ApiClient, platform: BillingPlatform = 'web') =>
  queryOptions({
    queryKey: queryKeys.billingManage(platform),
    queryFn: ({ signal }) => client.request('getBillingManage', { query: { platform }, signal }),
    staleTime: 0,
  });

export const projectsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.projects(),
    queryFn: ({ signal }) => client.request('listProjects', { signal }),
  });

/**
 * The last answer of each project with its ETag, per client: a refetch asks "changed since?" and a
 * 304 hands back that same answer, so polling a 100,000-word project costs a few hundred bytes
 * and no parse until it changes. A few projects per client (the open one, the ones just left).
 */
interface LastProject {
  etag: string;
  project: Project;
}
const lastProjects = new WeakMap<ApiClient, Map<string, LastProject>>();
const KEPT_PROJECT_ANSWERS = 4;

async function fetchProject(client: ApiClient, projectId: string, signal: AbortSignal) {
  let answers = lastProjects.get(client);
  if (!answers) lastProjects.set(client, (answers = new Map<string, LastProject>()));
  const last = answers.get(projectId);
  const answer = await client.requestIfChanged(
    'getProject',
    { params: { projectId }, signal },
    last?.etag,
  );
  answers.delete(projectId);
  if (!answer) {
    // Only a request that named a tag gets null (304), so `last` is there.
    if (!last) throw new Error('304 without a tag');
    answers.set(projectId, last);
    return last.project;
  }
  if (answer.etag) answers.set(projectId, { etag: answer.etag, project: answer.data });
  while (answers.size > KEPT_PROJECT_ANSWERS) answers.delete(answers.keys().next().value ?? '');
  return answer.data;
}

/** One project's full state; refetches are conditional (ETag), see `fetchProject`. */
export const projectQuery = (client: ApiClient, projectId: string) =>
  // The client is the signed-in session's; the whole cache is cleared when it changes.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => fetchProject(client, projectId, signal),
  });

export const projectSettingsQuery = (client: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectSettings(projectId),
    queryFn: ({ signal }) =>
      client.request('getProjectSettings', { params: { projectId }, signal }),
  });

const anyRunning = (tasks: readonly TaskListEntry[] | undefined) =>
  tasks?.some((task) => !isTerminalStatus(task.status)) ?? false;

/**
 * A project's tasks, newest first, polled while any is running. When one ends, the project is
 * refetched so new stems and alignments appear without a reload.
 */
export const projectTasksQuery = (client: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectTasks(projectId),
    queryFn: async ({ signal, client: queryClient }) => {
      const before = queryClient.getQueryData<TaskListEntry[]>(queryKeys.projectTasks(projectId));
      const tasks = await client.request('listProjectTasks', { params: { projectId }, signal });
      const sorted = [...tasks].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const ended = sorted.filter((task) =>
        justEnded(before?.find((b) => b.id === task.id)?.status ?? 'queued', task.status),
      );
      if (before && ended.length > 0) await onTasksEnded(queryClient, projectId);
      useTaskWatch.getState().observe(projectId, sorted);
      return sorted;
    },
    refetchInterval: (query) =>
      anyRunning(query.state.data) ? pollDelay(query.state.dataUpdateCount) : false,
  });

/** One task, polled until it reaches a terminal status (backing off 1 s → 5 s; paused while hidden). */
export const taskQuery = (client: ApiClient, taskId: string, projectId?: string) =>
  queryOptions({
    queryKey: queryKeys.task(taskId),
    // The owning project rides in meta: it does not identify the task, so it is not in the key.
    meta: { projectId },
    queryFn: async ({ signal, client: queryClient, meta }) => {
      const before = queryClient.getQueryData<Task>(queryKeys.task(taskId));
      const task = await client.request('getTask', { params: { taskId }, signal });
      const hint = typeof meta?.projectId === 'string' ? meta.projectId : undefined;
      const owner = hint ?? task.output?.projectId;
      if (justEnded(before?.status, task.status) && before !== undefined && owner)
        await onTasksEnded(queryClient, owner);
      if (owner) useTaskWatch.getState().observe(owner, [task]);
      return task;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isTerminalStatus(status) ? false : pollDelay(query.state.dataUpdateCount);
    },
    refetchIntervalInBackground: false,
  });

async function onTasksEnded(queryClient: QueryClient, projectId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projectSettings(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projectExports(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projects() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.credits() }),
  ]);
}

export const exportsQuery = (
  client: ApiClient,
  projectId: string,
  page = 1,
  limit = EXPORTS_DEFAULT_LIMIT,
) =>
  queryOptions({
    queryKey: queryKeys.exports(projectId, page, limit),
    queryFn: ({ signal }) =>
      client.request('listExports', { params: { projectId }, query: { page, limit }, signal }),
    // Follows renders: polled (1 s backing off to 5 s) while any listed export is not done.
    refetchInterval: (query) =>
      query.state.data?.some((item) => !isTerminalStatus(item.status))
        ? pollDelay(query.state.dataUpdateCount)
        : false,
  });

/**
 * A fresh signed link to a completed export's file. Never cached: links expire, so each Download
 * or Play asks again.
 */
export const fetchExportDownload = (
  client: ApiClient,
  projectId: string,
  exportId: string,
  signal?: AbortSignal,
) => client.request('getExportDownload', { params: { projectId, exportId }, signal });

export const presetsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.presets(),
    queryFn: ({ signal }) => client.request('listPresets', { signal }),
  });

export const mediaQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.media(),
    queryFn: ({ signal }) => client.request('listMedia', { signal }),
    // Backs off, and stops once every item is ready, failed or stuck (media-polling.ts).
    refetchInterval: (query) =>
      mediaPollDelay(query.state.data, query.state.dataUpdateCount, Date.now()),
  });

export const mediaItemQuery = (client: ApiClient, mediaId: string) =>
  queryOptions({
    queryKey: queryKeys.mediaItem(mediaId),
    queryFn: ({ signal }) => client.request('getMedia', { params: { mediaId }, signal }),
    refetchInterval: (query) =>
      mediaPollDelay(
        query.state.data && [query.state.data],
        query.state.dataUpdateCount,
        Date.now(),
      ),
  });
