import { z } from 'zod';
import {
  AccountSchema,
  BillingCatalogSchema,
  BillingManageQuerySchema,
  BillingManageSchema,
  CreditBalanceSchema,
  UploadRequestSchema,
  UploadResponseSchema,
} from './account';
import { AlignmentReplacementSchema, AlignmentSchema, SelectionRequestSchema } from './alignment';
import { SuccessSchema } from './common';
import {
  CreateExportSchema,
  CreatePresetSchema,
  ExportDownloadSchema,
  ExportSchema,
  ExportsQuerySchema,
  MediaItemSchema,
  PresetPatchSchema,
  PresetReplacementSchema,
  PresetSchema,
} from './library';
import {
  ApplyPresetSchema,
  CreateProjectSchema,
  SettingsReplacementSchema,
  ProjectListEntrySchema,
  ProjectPatchSchema,
  ProjectSchema,
  ProjectSettingsSchema,
} from './project';
import {
  LyricsSyncRequestSchema,
  StemSeparationRequestSchema,
  TaskListEntrySchema,
  TaskSchema,
  TaskStartSchema,
} from './task';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** Relative to the base URL (which ends in /api/v1); `{name}` marks a path parameter. */
  readonly path: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Accepts an `Idempotency-Key` header. */
  readonly idempotent?: boolean;
}

const route = <const R extends RouteDef>(r: R): R => r;

/** Every endpoint of the Karaoke Project Service API, shared by the app and the local service. */
export const routes = {
  getMe: route({ method: 'GET', path: '/me', response: AccountSchema }),
  createUpload: route({
    method: 'POST',
    path: '/uploads',
    body: UploadRequestSchema,
    response: UploadResponseSchema,
    idempotent: true,
  }),
  getCredits: route({ method: 'GET', path: '/credits', response: CreditBalanceSchema }),
  getBillingCatalog: route({
    method: 'GET',
    path: '/billing/catalog',
    response: BillingCatalogSchema,
  }),
  getBillingManage: route({
    method: 'GET',
    path: '/billing/manage',
    query: BillingManageQuerySchema,
    response: BillingManageSchema,
  }),
  listProjects: route({
    method: 'GET',
    path: '/projects',
    response: z.array(ProjectListEntrySchema),
  }),
  createProject: route({
    method: 'POST',
    path: '/projects',
    body: CreateProjectSchema,
    response: TaskStartSchema,
    idempotent: true,
  }),
  getProject: route({ method: 'GET', path: '/projects/{projectId}', response: ProjectSchema }),
  patchProject: route({
    method: 'PATCH',
    path: '/projects/{projectId}',
    body: ProjectPatchSchema,
    response: ProjectSchema,
  }),
  replaceAlignment: route({
    method: 'PUT',
    path: '/projects/{projectId}/alignments/{alignmentId}',
    body: AlignmentReplacementSchema,
    response: AlignmentSchema,
    idempotent: true,
  }),
  selectAlignment: route({
    method: 'PUT',
    path: '/projects/{projectId}/alignments/{alignmentId}/selection',
    body: SelectionRequestSchema,
    response: AlignmentSchema,
  }),
  getProjectSettings: route({
    method: 'GET',
    path: '/projects/{projectId}/settings',
    response: ProjectSettingsSchema,
  }),
  replaceProjectSettings: route({
    method: 'PUT',
    path: '/projects/{projectId}/settings',
    body: SettingsReplacementSchema,
    response: ProjectSettingsSchema,
  }),
  applyPreset: route({
    method: 'POST',
    path: '/projects/{projectId}/settings/apply-preset',
    body: ApplyPresetSchema,
    response: ProjectSettingsSchema,
  }),
  listProjectTasks: route({
    method: 'GET',
    path: '/projects/{projectId}/tasks',
    response: z.array(TaskListEntrySchema),
  }),
  startLyricsSync: route({
    method: 'POST',
    path: '/projects/{projectId}/tasks/lyrics-sync',
    body: LyricsSyncRequestSchema,
    response: TaskStartSchema,
    idempotent: true,
  }),
  startStemSeparation: route({
    method: 'POST',
    path: '/projects/{projectId}/tasks/stem-separation',
    body: StemSeparationRequestSchema,
    response: TaskStartSchema,
    idempotent: true,
  }),
  getTask: route({ method: 'GET', path: '/tasks/{taskId}', response: TaskSchema }),
  /** Ours: cancels a queued or running task of the caller's; answers the task as it now is. */
  cancelTask: route({ method: 'POST', path: '/tasks/{taskId}/cancel', response: TaskSchema }),
  listExports: route({
    method: 'GET',
    path: '/projects/{projectId}/exports',
    query: ExportsQuerySchema,
    response: z.array(ExportSchema),
  }),
  /** Ours: renders a karaoke video of the project (task type `export-project`). */
  createExport: route({
    method: 'POST',
    path: '/projects/{projectId}/exports',
    body: CreateExportSchema,
    response: TaskStartSchema,
    idempotent: true,
  }),
  /** Ours: a fresh signed URL of a completed export's file. */
  getExportDownload: route({
    method: 'GET',
    path: '/projects/{projectId}/exports/{exportId}/download',
    response: ExportDownloadSchema,
  }),
  listPresets: route({ method: 'GET', path: '/presets', response: z.array(PresetSchema) }),
  createPreset: route({
    method: 'POST',
    path: '/presets',
    body: CreatePresetSchema,
    response: PresetSchema,
    idempotent: true,
  }),
  replacePreset: route({
    method: 'PUT',
    path: '/presets/{presetId}',
    body: PresetReplacementSchema,
    response: PresetSchema,
  }),
  patchPreset: route({
    method: 'PATCH',
    path: '/presets/{presetId}',
    body: PresetPatchSchema,
    response: PresetSchema,
  }),
  deletePreset: route({ method: 'DELETE', path: '/presets/{presetId}', response: SuccessSchema }),
  listMedia: route({ method: 'GET', path: '/media', response: z.array(MediaItemSchema) }),
  getMedia: route({ method: 'GET', path: '/media/{mediaId}', response: MediaItemSchema }),
  deleteMedia: route({ method: 'DELETE', path: '/media/{mediaId}', response: SuccessSchema }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;
/** `{ projectId: string }` for `/projects/{projectId}`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };
export type RouteParams<N extends RouteName> = PathParams<Routes[N]['path']>;
export type RouteQuery<N extends RouteName> = Routes[N] extends { query: z.ZodType }
  ? z.input<Routes[N]['query']>
  : undefined;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: z.ZodType }
  ? z.input<Routes[N]['body']>
  : undefined;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

/** Fills `{name}` placeholders, percent-encoding each value. */
export function buildPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The params of `path` when it matches `pattern`, else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    const m = /^\{(\w+)\}$/.exec(w);
    if (m?.[1] !== undefined) {
      if (g === '') return null;
      try {
        params[m[1]] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

/**
 * Describes a zod failure as `path: message` pairs, the shape of problem-details `errors`. An
 * unknown member is reported at its own path (`alignment.items.3.colour`), so the error names it.
 */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  const at = (path: readonly PropertyKey[]) =>
    path.length ? path.map(String).join('.') : '(root)';
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: at([...issue.path, key]),
          message: 'unknown field: only the documented fields are allowed',
        }))
      : [{ path: at(issue.path), message: issue.message }],
  );
}
