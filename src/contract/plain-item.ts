/**
 * One item of an alignment as received, read by hand (no zod: the project reader's worker uses it
 * too, see `item-columns.ts`): the same checks as `AlignmentItemResponseSchema` for an item without
 * translations, built in the timing core's field order (one object shape, ADR 0007), unknown
 * fields dropped; null for anything else (zod decides then). See `items-response.ts`.
 */

/** `common.ts`'s MAX_INDEX (Number.MAX_SAFE_INTEGER), not imported: that module brings zod. */
const MAX_INDEX = Number.MAX_SAFE_INTEGER;

type Obj = Record<string, unknown>;

const isIndex = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_INDEX;
const isSeconds = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v !== Infinity;

/** An item as `plainItem` builds it. */
export interface PlainItem {
  id?: string;
  line: number;
  word: number;
  subword: number;
  start: number;
  end: number;
  text: string;
  singer?: number;
}

/**
 * Whether `v` is a plain item (no translations): what `plainItem` checks, without building one
 * (the project reader's worker reads the fields straight into columns).
 */
export function isPlainItem(v: unknown): v is PlainItem {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Obj;
  const { id, line, word, subword, start, end, text, singer } = o;
  if (o.translations !== undefined || ('translations' in o && Object.hasOwn(o, 'translations')))
    return false;
  if (id !== undefined && !(typeof id === 'string' && id.length > 0)) return false;
  if (!isIndex(line) || !isIndex(word) || !isIndex(subword)) return false;
  if (!isSeconds(start) || !isSeconds(end) || typeof text !== 'string') return false;
  if (singer !== undefined && !isIndex(singer)) return false;
  // An own member holding undefined is zod's to judge (never in JSON).
  return !(
    (id === undefined && Object.hasOwn(o, 'id')) ||
    (singer === undefined && Object.hasOwn(o, 'singer'))
  );
}

/**
 * One plain item (no translations), built in the core's field order; null when it is anything
 * else (zod decides then).
 */
export function plainItem(v: unknown): PlainItem | null {
  if (!isPlainItem(v)) return null;
  const { id, line, word, subword, start, end, text, singer } = v;
  const item: PlainItem =
    id === undefined
      ? { line, word, subword, start, end, text }
      : { id, line, word, subword, start, end, text };
  if (singer !== undefined) item.singer = singer;
  return item;
}
