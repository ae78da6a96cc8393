import { z } from 'zod';
import { IdSchema, MAX_ALIGNMENT_ITEMS, SecondsSchema, TimestampSchema } from './common';
import { fastItems } from './items-response';

/** Integers 0..9007199254740991 (z.int() is bounded to safe integers). */
const IndexSchema = z.int().min(0);

/** As sent: no other fields allowed. */
export const TranslationSchema = z.strictObject({
  text: z.string(),
  editedManually: z.boolean().optional(),
});
export type Translation = z.infer<typeof TranslationSchema>;

/** One word or subword with its timing, in seconds. As sent: no other fields allowed. */
export const AlignmentItemSchema = z.strictObject({
  id: IdSchema.optional(),
  line: IndexSchema,
  word: IndexSchema,
  subword: IndexSchema,
  start: SecondsSchema,
  end: SecondsSchema,
  text: z.string(),
  singer: IndexSchema.optional(),
  translations: z.record(z.string(), TranslationSchema).optional(),
});
export type AlignmentItem = z.infer<typeof AlignmentItemSchema>;

/** As received: the same fields and types, unknown extra fields tolerated (and dropped). */
export const AlignmentItemResponseSchema = z.object({
  ...AlignmentItemSchema.shape,
  translations: z.record(z.string(), z.object(TranslationSchema.shape)).optional(),
});

export const AlignmentSchema = z.object({
  id: IdSchema,
  model: z.string(),
  alignment: z.object({
    items: fastItems(z.array(AlignmentItemResponseSchema), AlignmentItemResponseSchema),
  }),
  createdAt: TimestampSchema,
  revision: z.string().min(1),
  selected: z.boolean(),
  selectionRevision: z.string().min(1),
  name: z.string().nullish(),
});
export type Alignment = z.infer<typeof AlignmentSchema>;

/**
 * Rules across items that the spec's types imply: an item ends at or after its start, and ids
 * name one item each (docs/api-decisions.md). `alignment-check.ts` applies the same rules fast.
 */
export function itemRuleIssues(
  items: readonly { id?: string | undefined; start: number; end: number }[],
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const firstWithId = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.end < item.start) {
      issues.push({ path: [index, 'end'], message: 'end must not be before start' });
    }
    if (item.id === undefined) return;
    const first = firstWithId.get(item.id);
    if (first === undefined) firstWithId.set(item.id, index);
    else issues.push({ path: [index, 'id'], message: `duplicate id (item ${first} has it too)` });
  });
  return issues;
}

export const AlignmentReplacementSchema = z.strictObject({
  alignment: z.strictObject({
    items: z
      .array(AlignmentItemSchema)
      .max(MAX_ALIGNMENT_ITEMS)
      .superRefine((items, ctx) => {
        for (const issue of itemRuleIssues(items)) ctx.addIssue({ code: 'custom', ...issue });
      }),
  }),
  expectedRevision: z.string().min(1),
  select: z.boolean().optional(),
  expectedSelectionRevision: z.string().min(1).optional(),
});
export type AlignmentReplacement = z.infer<typeof AlignmentReplacementSchema>;

export const SelectionRequestSchema = z.strictObject({
  expectedRevision: z.string().min(1),
  expectedSelectionRevision: z.string().min(1),
});
export type SelectionRequest = z.infer<typeof SelectionRequestSchema>;
