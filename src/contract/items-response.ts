/**
 * The items of an alignment as received (`AlignmentSchema`'s `alignment.items`): exactly what
 * `z.array(AlignmentItemResponseSchema)` gives (known fields, unknown ones dropped), read by hand.
 * zod's parse of 100,000 items was half of the editor's load (the browser's CSP forbids the code
 * generation zod's fast path needs: ~250 ms of parsing and collection on a 2-core machine); this
 * reads each item once and builds it as the timing core builds items (one field order: one object
 * shape, ADR 0007). An item it is not sure of (translations, a field of the wrong type) is read
 * by zod; when zod rejects anything, the whole list goes through zod, so the errors name the field
 * exactly as before. A property test keeps the two in agreement (alignment-fast-paths.test.ts).
 */
import { z } from 'zod';
import { plainItem } from './plain-item';

/** `schema` (a z.array of the item schema) with the hand-read fast path in front. */
export function fastItems<S extends z.ZodType>(
  schema: S,
  itemSchema: z.ZodType,
): z.ZodType<z.output<S>, z.input<S>> {
  return z.unknown().transform((value, ctx) => {
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      let ok = true;
      for (let i = 0; i < value.length && ok; i++) {
        const item = plainItem(value[i]);
        if (item) out[i] = item;
        else {
          const one = itemSchema.safeParse(value[i]);
          if (one.success) out[i] = one.data;
          else ok = false;
        }
      }
      if (ok) return out as z.output<S>;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}
