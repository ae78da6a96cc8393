import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Alignment,
  AlignmentReplacement,
  ApplyPreset,
  CreateExport,
  CreatePreset,
  CreateProject,
  LyricsSource,
  PresetPatch,
  Project,
  ProjectPatch,
  ProjectSettings,
  SelectionRequest,
  SettingsReplacement,
  StemModel,
  StyleObject,
  TaskStart,
} from '../contract';
import { useApiClient } from './api-context';
import { newIdempotencyKey } from './idempotency';
import { queryKeys } from './query-keys';
import { useTaskWatch } from './task-watch';
import { uploadFile, type UploadProgress } from './upload';

export interface CreateProjectInput {
  file: File;
  project: Omit<CreateProject, 'inputFileId'>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Upload the file (with progress and cancel), then create the project: its task starts. */
export function useCreateProject() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, project, onProgress, signal }: CreateProjectInput) => {
      const contentType = file.type || guessContentType(file.name);
      const upload = await client.request('createUpload', {
        body: { filename: file.name, contentType, contentLength: file.size },
        signal,
      });
      await uploadFile(upload.uploadUrl, file, { contentType, onProgress, signal });
      return client.request('createProject', {
        body: { ...project, inputFileId: upload.inputFileId },
        signal,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects() }),
  });
}

const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
};
export const guessContentType = (filename: string): string =>
  AUDIO_TYPES[filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export function usePatchProject(projectId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProjectPatch) =>
      client.request('patchProject', { params: { projectId }, body: patch }),
    onSuccess: async (project) => {
      queryClient.setQueryData(queryKeys.project(projectId), project);
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    },
  });
}

/** Put a stored alignment into the cached project without refetching it. */
export function mergeAlignmentIntoProject(project: Project, stored: Alignment): Project {
  const others = project.alignments.map((a) =>
    a.id === stored.id
      ? stored
      : {
          ...a,
          selectionRevision: stored.selectionRevision,
          selected: stored.selected ? false : a.selected,
        },
  );
  return { ...project, alignments: others };
}

export interface ReplaceAlignmentInput {
  alignmentId: string;
  body: AlignmentReplacement;
  /** Keep one per logical save so a retry is recognised by the service. */
  idempotencyKey: string;
  signal?: AbortSignal;
}

export function useReplaceAlignment(projectId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alignmentId, body, idempotencyKey, signal }: ReplaceAlignmentInput) =>
      client.request('replaceAlignment', {
        params: { projectId, alignmentId },
        body,
        idempotencyKey,
        signal,
        retries: 0,
      }),
    onSuccess: (stored) => {
      queryClient.setQueryData<Project>(queryKeys.project(projectId), (project) =>
        project ? mergeAlignmentIntoProject(project, stored) : project,
      );
    },
  });
}

export function useSelectAlignment(projectId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alignmentId, body }: { alignmentId: string; body: SelectionRequest }) =>
      client.request('selectAlignment', { params: { projectId, alignmentId }, body }),
    onSuccess: (stored) => {
      queryClient.setQueryData<Project>(queryKeys.project(projectId), (project) =>
        project ? mergeAlignmentIntoProject(project, stored) : project,
      );
    },
  });
}

function useStartTask<V>(projectId: string, start: (variables: V) => Promise<TaskStart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.credits() });
    },
  });
}

export function useStartLyricsSync(projectId: string) {
  const client = useApiClient();
  return useStartTask(projectId, (lyricsSource: LyricsSource) =>
    client.request('startLyricsSync', {
      params: { projectId },
      body: { lyricsSource },
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

export function useStartStemSeparation(projectId: string) {
  const client = useApiClient();
  return useStartTask(projectId, (model: StemModel | undefined) =>
    client.request('startStemSeparation', {
      params: { projectId },
      body: model ? { model } : {},
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

/**
 * Renders a karaoke video (`POST /projects/{id}/exports`, task `export-project`). The new export
 * shows in the list at once; the task watch follows it from the start, so its end raises a notice
 * wherever the user is by then.
 */
export function useStartExport(projectId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExport) =>
      client.request('createExport', {
        params: { projectId },
        body,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: async (started) => {
      useTaskWatch
        .getState()
        .observe(projectId, [{ id: started.taskId, type: 'export-project', status: 'queued' }]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectExports(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits() }),
      ]);
    },
  });
}

/** Cancels a queued or running task (`POST /tasks/{id}/cancel`); its export ends `cancelled`. */
export function useCancelTask(projectId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => client.request('cancelTask', { params: { taskId } }),
    onSuccess: async (task) => {
      queryClient.setQueryData(queryKeys.task(task.id), task);
      // The user asked for it: no "cancelled" notice on top of the list that already says so.
      const watch = useTaskWatch.getState();
      watch.observe(projectId, [task]);
      watch.dismiss(`${task.id}:${task.status}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectExports(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits() }),
      ]);
    },
  });
}

export function usePatchPreset() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ presetId, patch }: { presetId: string; patch: PresetPatch }) =>
      client.request('patchPreset', { params: { presetId }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.presets() }),
  });
}

/** Settings saved or a preset applied: the cached settings and project follow. */
function useSettingsStored(projectId: string) {
  const queryClient = useQueryClient();
  return (stored: ProjectSettings) => {
    queryClient.setQueryData(queryKeys.projectSettings(projectId), stored);
    queryClient.setQueryData<Project>(queryKeys.project(projectId), (project) =>
      project ? { ...project, settings: stored } : project,
    );
  };
}

/** PUT .../settings; a stale version rejects with SettingsConflictError. */
export function useReplaceSettings(projectId: string) {
  const client = useApiClient();
  const stored = useSettingsStored(projectId);
  return useMutation({
    mutationFn: (body: SettingsReplacement) =>
      client.request('replaceProjectSettings', { params: { projectId }, body, retries: 0 }),
    onSuccess: stored,
  });
}

export function useApplyPreset(projectId: string) {
  const client = useApiClient();
  const stored = useSettingsStored(projectId);
  return useMutation({
    mutationFn: (body: ApplyPreset) =>
      client.request('applyPreset', { params: { projectId }, body, retries: 0 }),
    onSuccess: stored,
  });
}

export function useCreatePreset() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePreset) => client.request('createPreset', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.presets() }),
  });
}

export function useReplacePreset() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ presetId, preset }: { presetId: string; preset: StyleObject }) =>
      client.request('replacePreset', { params: { presetId }, body: { preset } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.presets() }),
  });
}

export function useDeletePreset() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string) => client.request('deletePreset', { params: { presetId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.presets() }),
  });
}

export function useDeleteMedia() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => client.request('deleteMedia', { params: { mediaId } }),
    onSuccess: (_, mediaId) => {
      queryClient.removeQueries({ queryKey: queryKeys.mediaItem(mediaId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.media(), exact: true });
    },
  });
}
