import type { BillingPlatform } from '../contract';

const root = ['karaoke'] as const;

/**
 * Hierarchical keys: everything about one project sits under `project(id)`, so invalidating that
 * prefix refreshes its detail, settings, tasks and exports at once.
 */
export const queryKeys = {
  all: root,
  me: () => [...root, 'me'] as const,
  credits: () => [...root, 'credits'] as const,
  billingCatalog: () => [...root, 'billing', 'catalog'] as const,
  billingManage: (platform: BillingPlatform) => [...root, 'billing', 'manage', platform] as const,
  projects: () => [...root, 'projects'] as const,
  project: (projectId: string) => [...root, 'project', projectId] as const,
  projectSettings: (projectId: string) => [...root, 'project', projectId, 'settings'] as const,
  projectTasks: (projectId: string) => [...root, 'project', projectId, 'tasks'] as const,
  projectExports: (projectId: string) => [...root, 'project', projectId, 'exports'] as const,
  exports: (projectId: string, page: number, limit: number) =>
    [...root, 'project', projectId, 'exports', { page, limit }] as const,
  task: (taskId: string) => [...root, 'task', taskId] as const,
  presets: () => [...root, 'presets'] as const,
  media: () => [...root, 'media'] as const,
  mediaItem: (mediaId: string) => [...root, 'media', mediaId] as const,
};
