import { z } from 'zod';
import { AlignmentSchema } from './alignment';
import { IdSchema } from './common';
import { ExportSchema } from './library';
import { ColourSchema, StyleObjectSchema, textStyleSchema, TrimSchema } from './style';
import { displayLanguagesProblems, StyleInputSchema } from './style-fields';
import { StemModelSchema, TaskSummarySchema, TranscribeLyricsSourceSchema } from './task';

export const StemSchema = z.object({
  id: IdSchema,
  /** `original` is one value; we also use `vocals` and `instrumental` (docs/api-decisions.md). */
  type: z.string(),
  model: z.string(),
  url: z.string(),
  duration: z.number().min(0),
});
export type Stem = z.infer<typeof StemSchema>;

const MAX_FRAME = 4503599627370495;

export const TimelineItemSchema = z.object({
  id: IdSchema,
  from: z.int().min(0).max(MAX_FRAME),
  durationInFrames: z.number().min(0),
  enterEffect: z.string().default('none'),
  exitEffect: z.string().default('none'),
  type: z.string().default('text'),
  text: z.string().default(''),
  placement: z
    .object({
      x: z.number().default(0.5),
      y: z.number().default(0.5),
      width: z.number().default(0.5),
      opacity: z.number().default(1),
      rotation: z.number().default(0),
    })
    .prefault({}),
  style: textStyleSchema(96, 8)
    .extend({ backgroundColor: ColourSchema.default('transparent') })
    .prefault({}),
  sourceTemplateId: z.string().nullish(),
});
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

export const TimelineTrackSchema = z.object({
  id: IdSchema,
  name: z.string(),
  items: z.array(TimelineItemSchema).default([]),
});

export const ProjectSettingsBodySchema = z.object({
  style: StyleObjectSchema.prefault({}),
  trim: TrimSchema.prefault({}),
  displayLanguages: z.array(z.string()).default([]),
  chordSettings: z
    .object({
      displayMode: z.string().default('inline'),
      notation: z.string().default('chord_simple_pop'),
      transpose: z.number().default(0),
      capo: z.number().default(0),
      showLayer: z.boolean().default(true),
    })
    .prefault({}),
  duetSingerFilter: z
    .object({
      enabled: z.boolean().default(false),
      selectedSingerIds: z.array(z.union([z.string(), z.number()])).default([]),
      includeSharedLines: z.boolean().default(true),
    })
    .prefault({}),
  customTimeline: z
    .object({
      version: z.number().default(1),
      fps: z.number().default(60),
      karaokeStartFrame: z.number().default(0),
      tracks: z.array(TimelineTrackSchema).default([]),
    })
    .prefault({}),
});

/** Settings sent to be stored: the style checked field by field, the trim never negative. */
export const ProjectSettingsInputSchema = ProjectSettingsBodySchema.extend({
  style: StyleInputSchema.prefault({}),
  displayLanguages: z
    .array(z.string())
    .default([])
    .superRefine((list, ctx) => {
      for (const problem of displayLanguagesProblems(list))
        ctx.addIssue({ code: 'custom', path: [Number(problem.path)], message: problem.message });
    }),
  trim: z
    .object({
      startSeconds: z.number().min(0, 'Cut from the start cannot be negative.').default(0),
      endSeconds: z.number().min(0, 'Cut from the end cannot be negative.').default(0),
    })
    .prefault({}),
});

/** PUT /projects/{projectId}/settings (ours: the spec lists the endpoint as not shown). */
export const SettingsReplacementSchema = z.strictObject({
  settings: ProjectSettingsInputSchema,
  /** The `versionId` the change was made on; a stale one gets 409 with the current one. */
  expectedVersionId: z.string().min(1),
});
export type SettingsReplacement = z.input<typeof SettingsReplacementSchema>;

/** POST /projects/{projectId}/settings/apply-preset. */
export const ApplyPresetSchema = z.strictObject({
  presetId: IdSchema,
  expectedVersionId: z.string().min(1),
});
export type ApplyPreset = z.infer<typeof ApplyPresetSchema>;

export const ProjectSettingsSchema = z.object({
  versionId: z.string(),
  presetId: z.string().nullish(),
  preset: StyleObjectSchema.prefault({}),
  settings: ProjectSettingsBodySchema.prefault({}),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

export const ProjectSchema = z.object({
  id: IdSchema,
  title: z.string(),
  artists: z.array(z.string()).default([]),
  stems: z.array(StemSchema).default([]),
  alignments: z.array(AlignmentSchema).default([]),
  exports: z.array(ExportSchema).default([]),
  settings: ProjectSettingsSchema.nullish(),
  lyrics: z.string().nullish(),
  language: z.string().nullish(),
  duration: z.number().min(0).nullish(),
  task: TaskSummarySchema.nullish(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListEntrySchema = z.object({
  id: IdSchema,
  title: z.string(),
  projectUrl: z.string(),
});
export type ProjectListEntry = z.infer<typeof ProjectListEntrySchema>;

export const TITLE_MIN_LENGTH = 2;
const TitleSchema = z
  .string()
  .trim()
  .min(TITLE_MIN_LENGTH, `a title has at least ${TITLE_MIN_LENGTH} characters`)
  .max(300);
const ArtistsSchema = z.array(z.string().trim().min(1).max(300)).max(50);

export const CreateProjectSchema = z.strictObject({
  title: TitleSchema.optional(),
  artists: ArtistsSchema.optional(),
  inputFileId: IdSchema,
  lyricsSource: TranscribeLyricsSourceSchema.optional(),
  presetId: IdSchema.optional(),
  kind: z.literal('karaoke').optional(),
  stemModel: StemModelSchema.optional(),
});
export type CreateProject = z.infer<typeof CreateProjectSchema>;

export const ProjectPatchSchema = z.strictObject({
  title: TitleSchema.optional(),
  artists: ArtistsSchema.optional(),
});
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;
