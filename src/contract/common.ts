import { z } from 'zod';

/** Largest integer the spec allows for line, word, subword, singer (Number.MAX_SAFE_INTEGER). */
export const MAX_INDEX = 9007199254740991;
/** Most items one alignment replacement may carry. */
export const MAX_ALIGNMENT_ITEMS = 100000;

export const IdSchema = z.string().min(1);
export type Id = z.infer<typeof IdSchema>;

/** Timestamps are ISO 8601 strings in UTC (docs/api-decisions.md). */
export const TimestampSchema = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof TimestampSchema>;

/** Seconds, never negative. */
export const SecondsSchema = z.number().min(0);

export const SuccessSchema = z.object({ success: z.boolean() });
export type Success = z.infer<typeof SuccessSchema>;

export const ProblemFieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type ProblemFieldError = z.infer<typeof ProblemFieldErrorSchema>;

/** RFC 9457 problem details, the body of every error response. */
export const ProblemDetailsSchema = z.object({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.int(),
  detail: z.string().optional(),
  errors: z.array(ProblemFieldErrorSchema).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

/** The 409 of an alignment replacement or selection also carries the current tokens. */
export const RevisionConflictSchema = ProblemDetailsSchema.extend({
  revision: z.string(),
  selectionRevision: z.string(),
});
export type RevisionConflict = z.infer<typeof RevisionConflictSchema>;

/** The 409 of a settings change carries the current `versionId`. */
export const SettingsConflictSchema = ProblemDetailsSchema.extend({ versionId: z.string() });
