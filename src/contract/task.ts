import { z } from 'zod';
import { IdSchema, MAX_ALIGNMENT_ITEMS, TimestampSchema } from './common';

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

/** The documented variant: sync these lyrics (the only one a new project takes). */
export const TranscribeLyricsSourceSchema = z.strictObject({
  type: z.literal('transcribe'),
  lyrics: z.string(),
});
export type TranscribeLyricsSource = z.infer<typeof TranscribeLyricsSourceSchema>;

/**
 * Our second variant (docs/api-decisions.md): sync the words of an alignment of the project again
 * around the words to keep. `keepItemIds` names items of that alignment; a word is kept whole when
 * any of its items is named. Absent: the words edited by hand since the sync that made it.
 */
export const AlignmentLyricsSourceSchema = z.strictObject({
  type: z.literal('alignment'),
  alignmentId: IdSchema,
  keepItemIds: z.array(IdSchema).max(MAX_ALIGNMENT_ITEMS).optional(),
});
export type AlignmentLyricsSource = z.infer<typeof AlignmentLyricsSourceSchema>;

export const LyricsSourceSchema = z.discriminatedUnion('type', [
  TranscribeLyricsSourceSchema,
  AlignmentLyricsSourceSchema,
]);
export type LyricsSource = z.infer<typeof LyricsSourceSchema>;

export const LyricsSyncRequestSchema = z.strictObject({ lyricsSource: LyricsSourceSchema });
export type LyricsSyncRequest = z.infer<typeof LyricsSyncRequestSchema>;

/**
 * What a finished sync says for review (our addition to the task output, docs/api-decisions.md):
 * for the alignment it made, per item id the confidence of the item's word (0..1; low: worth a
 * look) and the times the sync gave it, so "edited by hand since the sync" is a comparison.
 */
export const SyncReviewSchema = z.object({
  alignmentId: IdSchema,
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  synced: z.record(z.string(), z.tuple([z.number(), z.number()])),
});
export type SyncReview = z.infer<typeof SyncReviewSchema>;

export const StemSeparationRequestSchema = z.strictObject({ model: StemModelSchema.optional() });
export type StemSeparationRequest = z.infer<typeof StemSeparationRequestSchema>;

export const TaskStartSchema = z.object({
  projectId: IdSchema,
  taskId: IdSchema,
  projectUrl: z.string(),
  taskUrl: z.string(),
});
export type TaskStart = z.infer<typeof TaskStartSchema>;

/** What every view of a task carries (a project shows its latest task as this). */
export const TaskSummarySchema = z.object({
  id: IdSchema,
  type: TaskTypeSchema,
  status: TaskStatusSchema,
  error: z.string().nullish(),
});

export const TaskListEntrySchema = TaskSummarySchema.extend({
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type TaskListEntry = z.infer<typeof TaskListEntrySchema>;

/** Most specific first: objects tolerate extra fields, so order decides the match. */
export const TaskOutputSchema = z.union([
  z.object({ projectId: IdSchema, alignmentId: IdSchema, review: SyncReviewSchema.optional() }),
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
  z.object({
    projectId: IdSchema,
    review: SyncReviewSchema.optional(),
    /** A running task's progress, 0..1 (the local service writes it; docs/api-decisions.md). */
    progress: z.number().min(0).max(1).optional(),
  }),
]);
export type TaskOutput = z.infer<typeof TaskOutputSchema>;

export const TaskSchema = TaskSummarySchema.extend({
  output: TaskOutputSchema.nullish(),
  createdAt: TimestampSchema.optional(),
  updatedAt: TimestampSchema.optional(),
});
export type Task = z.infer<typeof TaskSchema>;
