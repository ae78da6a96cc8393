import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

export const TASK_TYPES = [
  'create-karaoke',
  'create-lyric-video',
  'import-project',
  'sync-lyrics',
  'stem-separation',
  'generate-video',
  'generate-chords',
  'export-stem-audio',
  'export-project',
] as const;
export const TaskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskTypeSchema>;

/** Shared by tasks and exports. */
export const STATUSES = [
  'created',
  'queued',
  'in-progress',
  'completed',
  'failed',
  'cancelled',
  'timed-out',
  'finalized',
] as const;
export const TaskStatusSchema = z.enum(STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Our choice (docs/api-decisions.md): a task in one of these never changes again. */
export const TERMINAL_STATUSES: ReadonlySet<TaskStatus> = new Set([
  'completed',
  'failed',
  'cancelled',
  'timed-out',
  'finalized',
]);
export const isTerminalStatus = (status: TaskStatus): boolean => TERMINAL_STATUSES.has(status);

export const STEM_MODELS = [
  'mdx23c',
  'vendora_ai',
  'vendora_vocals_lead',
  'vendorb_instrumental_only',
  'vendorb_lead_backing_other',
  'vendorb_with_backing_vocals',
  'vendorb_without_backing_vocals',
  'vendorc_mdxnet_kara_2',
  'bs_roformer',
  'mel_band_roformer_instrumental_authora',
  'mel_band_roformer_instrumental_instv7_authorb',
  'vendord',
] as const;
export const StemModelSchema = z.enum(STEM_MODELS);
export type StemModel = z.infer<typeof StemModelSchema>;

/** Only the documented variant is modelled (docs/api-decisions.md). */
export const LyricsSourceSchema = z.strictObject({
  type: z.literal('transcribe'),
  lyrics: z.string(),
});
export type LyricsSource = z.infer<typeof LyricsSourceSchema>;

export const LyricsSyncRequestSchema = z.strictObject({ lyricsSource: LyricsSourceSchema });
export type LyricsSyncRequest = z.infer<typeof LyricsSyncRequestSchema>;

export const StemSeparationRequestSchema = z.strictObject({ model: StemModelSchema.optional() });
export type StemSeparationRequest = z.infer<typeof StemSeparationRequestSchema>;

export const TaskStartSchema = z.object({
  projectId: IdSchema,
  taskId: IdSchema,
  projectUrl: z.string(),
  taskUrl: z.string(),
});
export type TaskStart = z.infer<typeof TaskStartSchema>;

export const TaskListEntrySchema = z.object({
  id: IdSchema,
  type: TaskTypeSchema,
  status: TaskStatusSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  error: z.string().nullish(),
});
export type TaskListEntry = z.infer<typeof TaskListEntrySchema>;

/** Most specific first: objects tolerate extra fields, so order decides the match. */
export const TaskOutputSchema = z.union([
  z.object({ projectId: IdSchema, alignmentId: IdSchema }),
  z.object({ projectId: IdSchema, stemIds: z.array(IdSchema) }),
  // A render (ours, docs/api-decisions.md "Exports"): progress while it runs, then the file's size
  // and notes (e.g. a font that fell back).
  z.object({
    projectId: IdSchema,
    exportId: IdSchema,
    progress: z.number().min(0).max(1).optional(),
    fileSize: z.number().optional(),
    notes: z.array(z.string()).optional(),
  }),
  z.object({ projectId: IdSchema, progress: z.number().min(0).max(1).optional() }),
]);
export type TaskOutput = z.infer<typeof TaskOutputSchema>;

export const TaskSchema = z.object({
  id: IdSchema,
  type: TaskTypeSchema,
  status: TaskStatusSchema,
  error: z.string().nullish(),
  output: TaskOutputSchema.nullish(),
  createdAt: TimestampSchema.optional(),
  updatedAt: TimestampSchema.optional(),
});
export type Task = z.infer<typeof TaskSchema>;
