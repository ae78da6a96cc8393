import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';
import { StyleObjectSchema } from './style';
import { StyleInputSchema } from './style-fields';
import { STATUSES } from './task';

export const PresetSchema = z.object({
  id: IdSchema,
  name: z.string(),
  isDefault: z.boolean(),
  preset: StyleObjectSchema.prefault({}),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Preset = z.infer<typeof PresetSchema>;

export const PresetPatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  isDefault: z.boolean().optional(),
});
export type PresetPatch = z.infer<typeof PresetPatchSchema>;

const PresetNameSchema = z.string().trim().min(1, 'Give the preset a name.').max(200);

/** POST /presets: a style, or the current style of one of the caller's projects. */
export const CreatePresetSchema = z
  .strictObject({
    name: PresetNameSchema,
    preset: StyleInputSchema.optional(),
    fromProjectId: IdSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.preset === undefined) === (body.fromProjectId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['preset'],
        message: 'send either a preset (a style) or fromProjectId, not both and not neither',
      });
    }
  });
export type CreatePreset = z.input<typeof CreatePresetSchema>;

/** PUT /presets/{presetId}: replaces the preset's style (name and default are PATCH). */
export const PresetReplacementSchema = z.strictObject({ preset: StyleInputSchema });
export type PresetReplacement = z.input<typeof PresetReplacementSchema>;

export const MEDIA_TYPES = ['video', 'image', 'logo', 'intro-video', 'outro-video'] as const;
export const MediaTypeSchema = z.enum(MEDIA_TYPES);
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export const MediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof MediaStatusSchema>;

export const MediaItemSchema = z.object({
  id: IdSchema,
  type: MediaTypeSchema,
  url: z.string().nullish(),
  status: MediaStatusSchema,
  error: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  previewUrl: z.string().nullish(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const ExportStatusSchema = z.enum(STATUSES);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** Which export fields are required is not shown: only id and status are. */
export const ExportSchema = z.object({
  id: IdSchema,
  status: ExportStatusSchema,
  createdAt: TimestampSchema.optional(),
  updatedAt: TimestampSchema.optional(),
  fileId: z.string().nullish(),
  fileKey: z.string().nullish(),
  fileSize: z.number().nullish(),
  resolution: z.string().nullish(),
  quality: z.string().nullish(),
  fps: z.number().nullish(),
  transparent: z.boolean().nullish(),
  renderMode: z.enum(['standard', 'fast']).nullish(),
  renderBackend: z.enum(['batch', 'lambda']).nullish(),
  // Ours (docs/api-decisions.md "Exports"): what the render was asked for and the task making it.
  taskId: z.string().nullish(),
  alignmentId: z.string().nullish(),
  audio: z.string().nullish(),
  range: z.object({ start: z.number(), end: z.number() }).nullish(),
  /** Seconds of video once completed. */
  duration: z.number().nullish(),
});
export type Export = z.infer<typeof ExportSchema>;

export const EXPORT_RESOLUTIONS = ['360p', '480p', '720p', '1080p', '4k'] as const;
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];
export const EXPORT_FPS = [24, 25, 30, 50, 60] as const;
export type ExportFps = (typeof EXPORT_FPS)[number];
export const EXPORT_QUALITIES = ['draft', 'standard', 'high'] as const;
export type ExportQuality = (typeof EXPORT_QUALITIES)[number];
export const EXPORT_AUDIO = ['instrumental', 'original', 'none'] as const;
export type ExportAudio = (typeof EXPORT_AUDIO)[number];
export const RENDER_MODES = ['standard', 'fast'] as const;

/** A part of the song to render (seconds of the song), e.g. a 10-second style sample. */
export const ExportRangeSchema = z
  .strictObject({ start: z.number().min(0), end: z.number().min(0) })
  .refine((r) => r.end > r.start, { message: 'end must be after start', path: ['end'] });

/**
 * `POST /projects/{projectId}/exports` (ours: the spec does not show it; docs/api-decisions.md).
 * Defaults: 720p, 30 fps, standard quality and mode, opaque, the instrumental stem, the selected
 * alignment, the whole song (less the style's trim).
 */
export const CreateExportSchema = z.strictObject({
  resolution: z.enum(EXPORT_RESOLUTIONS).optional(),
  fps: z.literal(EXPORT_FPS, { error: 'fps is one of 24, 25, 30, 50, 60' }).optional(),
  quality: z.enum(EXPORT_QUALITIES).optional(),
  transparent: z.boolean().optional(),
  renderMode: z.enum(RENDER_MODES).optional(),
  audio: z.enum(EXPORT_AUDIO).optional(),
  alignmentId: IdSchema.optional(),
  range: ExportRangeSchema.optional(),
});
export type CreateExport = z.infer<typeof CreateExportSchema>;

/** A fresh signed link to a completed export's file (Range works). */
export const ExportDownloadSchema = z.object({ url: z.string(), expiresAt: TimestampSchema });
export type ExportDownload = z.infer<typeof ExportDownloadSchema>;

export const EXPORTS_DEFAULT_LIMIT = 20;
/** Query values arrive as strings; both are optional (docs/api-decisions.md). */
export const ExportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ExportsQuery = z.infer<typeof ExportsQuerySchema>;
