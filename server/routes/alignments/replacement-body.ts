/**
 * The body of PUT .../alignments/{id}, read by this route's own reader (the router reads the
 * bytes under `limit`; docs/adr/0010). Prepared for storage in one pass that runs in a worker
 * thread when the body is large: UTF-8 check and JSON.parse, the fast item check (zod only to word
 * the errors of a rejected body), ids for new items, and the items as the JSON bytes to store. The
 * main thread never holds the 100,000 parsed items nor a second copy of them.
 */
import {
  AlignmentReplacementSchema,
  describeIssues,
  isValidAlignmentReplacement,
  type AlignmentItem,
  type AlignmentReplacement,
} from '../../../src/contract';
import { newIdPrefix } from '../../db/alignments';
import { decodeJsonBytes } from '../../http/body';
import { HttpError } from '../../http/problem';
import type { RouteBody } from '../../http/route-body';
import { spliceIds } from './items-splice';

/** A 100,000-item alignment is about 20 MB of JSON (with ids, singers, two translations). */
const LARGE_JSON_LIMIT = 64 * 1024 * 1024;

/** What the handler gets instead of the parsed body: the items are already JSON bytes. */
export interface PreparedReplacement {
  itemsJson: Buffer;
  itemCount: number;
  expectedRevision: string;
  select?: boolean;
  expectedSelectionRevision?: string;
}

/** A PreparedReplacement that crosses a thread boundary (Buffers arrive as Uint8Arrays). */
export type PrepareOutcome =
  | { ok: true; value: Omit<PreparedReplacement, 'itemsJson'> & { itemsJson: Uint8Array } }
  | { ok: false; status: number; detail: string; errors?: { path: string; message: string }[] };

/** The whole preparation, as a plain function of the bytes (run in a worker or inline). */
export function prepareReplacement(raw: Uint8Array): PrepareOutcome {
  // An empty body is not an object: say so like any other wrong body.
  const decoded = raw.length === 0 ? { ok: true as const, value: undefined } : decodeJsonBytes(raw);
  if (!decoded.ok) return { ok: false, status: 400, detail: decoded.detail };
  const { value } = decoded;
  if (!isValidAlignmentReplacement(value)) {
    const result = AlignmentReplacementSchema.safeParse(value);
    // The two checks agree (a property test holds them to it); zod words the errors.
    if (!result.success) {
      return {
        ok: false,
        status: 422,
        detail: 'The body is not valid.',
        errors: describeIssues(result.error),
      };
    }
  }
  const body = value as AlignmentReplacement;
  const items: AlignmentItem[] = body.alignment.items;
  return {
    ok: true,
    value: {
      itemsJson: itemsJson(raw, items),
      itemCount: items.length,
      expectedRevision: body.expectedRevision,
      ...(body.select !== undefined ? { select: body.select } : {}),
      ...(body.expectedSelectionRevision !== undefined
        ? { expectedSelectionRevision: body.expectedSelectionRevision }
        : {}),
    },
  };
}

/**
 * The items to store: the client's own bytes with ids spliced in where missing (no re-encoding),
 * or, if the bytes cannot be lined up with the items, the items re-encoded with ids.
 */
function itemsJson(raw: Uint8Array, items: AlignmentItem[]): Buffer {
  const prefix = newIdPrefix();
  const newIds = items.map((item, index) =>
    item.id === undefined ? `${prefix}${index.toString(36)}` : undefined,
  );
  const spliced = spliceIds(raw, items.length, newIds);
  if (spliced) return spliced;
  items.forEach((item, index) => (item.id ??= newIds[index]));
  return Buffer.from(JSON.stringify(items));
}

/** The outcome as the handler's body, or the problem it stands for. */
export function unwrapPrepared(outcome: PrepareOutcome): PreparedReplacement {
  if (!outcome.ok) {
    throw new HttpError(
      outcome.status,
      outcome.detail,
      outcome.errors ? { errors: outcome.errors } : {},
    );
  }
  const { itemsJson } = outcome.value;
  return {
    ...outcome.value,
    itemsJson: Buffer.from(itemsJson.buffer, itemsJson.byteOffset, itemsJson.byteLength),
  };
}

/** This route's body reader: up to 64 MB, prepared in `body-worker.ts` when large. */
export const replacementBody: RouteBody<PrepareOutcome, PreparedReplacement> = {
  limit: LARGE_JSON_LIMIT,
  parse: prepareReplacement,
  worker: new URL('./body-worker.ts', import.meta.url),
  accept: unwrapPrepared,
};
