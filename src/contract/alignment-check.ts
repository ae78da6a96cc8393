/**
 * A hand-written check of an alignment replacement body with exactly the rules of
 * `AlignmentReplacementSchema` (alignment.ts): about 10x faster than zod's strict parse on 100,000
 * items and without its deep copy (shared/guide/performance.md). It only says yes or no; on "no"
 * the caller runs the zod schema for messages that name the field. A property test keeps the two
 * in agreement (alignment-fast-paths.test.ts).
 */
import { MAX_ALIGNMENT_ITEMS, MAX_INDEX } from './common';

const ITEM_KEYS = new Set([
  'id',
  'line',
  'word',
  'subword',
  'start',
  'end',
  'text',
  'singer',
  'translations',
]);
const ROOT_KEYS = new Set(['alignment', 'expectedRevision', 'select', 'expectedSelectionRevision']);

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_INDEX;
const isSeconds = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isNonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;

function onlyKeys(o: Obj, allowed: ReadonlySet<string>): boolean {
  for (const key in o) if (Object.hasOwn(o, key) && !allowed.has(key)) return false;
  // `for in` skips an own "__proto__" key that JSON.parse made; it is never allowed.
  return !Object.hasOwn(o, '__proto__');
}

function isTranslations(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const key of Object.keys(v)) {
    const t = v[key];
    if (!isObject(t) || typeof t.text !== 'string') return false;
    for (const k of Object.keys(t)) if (k !== 'text' && k !== 'editedManually') return false;
    if (t.editedManually !== undefined && typeof t.editedManually !== 'boolean') return false;
  }
  return true;
}

function isItem(v: unknown): boolean {
  if (!isObject(v) || !onlyKeys(v, ITEM_KEYS)) return false;
  if (v.id !== undefined && !isNonEmpty(v.id)) return false;
  if (!isIndex(v.line) || !isIndex(v.word) || !isIndex(v.subword)) return false;
  if (!isSeconds(v.start) || !isSeconds(v.end) || (v.end as number) < (v.start as number)) {
    return false;
  }
  if (typeof v.text !== 'string') return false;
  if (v.singer !== undefined && !isIndex(v.singer)) return false;
  return v.translations === undefined || isTranslations(v.translations);
}

/** True when `value` (parsed JSON) is a valid alignment replacement body. */
export function isValidAlignmentReplacement(value: unknown): boolean {
  if (!isObject(value) || !onlyKeys(value, ROOT_KEYS)) return false;
  if (!isNonEmpty(value.expectedRevision)) return false;
  if (value.select !== undefined && typeof value.select !== 'boolean') return false;
  if (value.expectedSelectionRevision !== undefined && !isNonEmpty(value.expectedSelectionRevision))
    return false;
  const alignment = value.alignment;
  if (!isObject(alignment) || !onlyKeys(alignment, new Set(['items']))) return false;
  const items = alignment.items;
  if (!Array.isArray(items) || items.length > MAX_ALIGNMENT_ITEMS) return false;
  const ids = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isItem(item)) return false;
    const id = (item as Obj).id;
    if (typeof id === 'string') {
      if (ids.has(id)) return false;
      ids.add(id);
    }
  }
  return true;
}
