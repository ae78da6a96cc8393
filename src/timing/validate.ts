import { MAX_ALIGNMENT_ITEMS, MAX_INDEX, type AlignmentItem } from '../contract';
import type { TimingDoc } from './doc';
import { keyOf } from './item-key';

export type IssueCode =
  | 'negative-time'
  | 'not-finite'
  | 'index-out-of-bounds'
  | 'empty-id'
  | 'too-many-items'
  | 'end-before-start'
  | 'overlap'
  | 'past-duration'
  | 'duplicate-identity'
  | 'zero-duration'
  | 'empty-text'
  | 'long-word'
  | 'long-gap';

/** Only what the service rejects blocks a save; the service accepts the rest. */
const BLOCKING: ReadonlySet<IssueCode> = new Set([
  // The service refuses an item that ends before it starts (422, docs/api-decisions.md).
  'end-before-start',
  'negative-time',
  'not-finite',
  'index-out-of-bounds',
  'empty-id',
  'too-many-items',
]);
const ERRORS: ReadonlySet<IssueCode> = new Set(['overlap', 'past-duration', 'duplicate-identity']);

export interface ValidationIssue {
  readonly code: IssueCode;
  readonly severity: 'error' | 'warning';
  readonly blocksSave: boolean;
  /** The items concerned (keys), in document order. */
  readonly keys: readonly string[];
  /** Where to jump to, in seconds. */
  readonly time: number;
}

export interface ValidationResult {
  /** Sorted by time. */
  readonly issues: readonly ValidationIssue[];
  readonly errors: number;
  readonly warnings: number;
  readonly blocking: number;
  readonly canSave: boolean;
}

export interface ValidateOptions {
  longWord?: number;
  longGap?: number;
}

const validIndex = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_INDEX;
const validIndices = (x: AlignmentItem) =>
  validIndex(x.line) &&
  validIndex(x.word) &&
  validIndex(x.subword) &&
  (x.singer === undefined || validIndex(x.singer));
const NOT_BLANK = /\S/;

export function validateDoc(doc: TimingDoc, options: ValidateOptions = {}): ValidationResult {
  const longWord = options.longWord ?? 2;
  const longGap = options.longGap ?? 2;
  const issues: ValidationIssue[] = [];
  const add = (code: IssueCode, keys: string[], time: number) =>
    issues.push({
      code,
      severity: BLOCKING.has(code) || ERRORS.has(code) ? 'error' : 'warning',
      blocksSave: BLOCKING.has(code),
      keys,
      time,
    });
  if (doc.size > MAX_ALIGNMENT_ITEMS) add('too-many-items', [], 0);
  const seen = new Set<string>();
  const lastBySinger = new Map<number, AlignmentItem>();
  let prev: AlignmentItem | undefined;
  // A plain loop over the chunks: this runs over every item and must stay allocation-free
  for (const chunk of doc.chunks) {
    for (const item of chunk) {
      const t = Number.isFinite(item.start) ? item.start : 0;
      const key = item.id ?? keyOf(item);
      if (seen.has(key)) add('duplicate-identity', [key], t);
      seen.add(key);
      if (!Number.isFinite(item.start) || !Number.isFinite(item.end))
        add('not-finite', [keyOf(item)], t);
      if (item.start < 0 || item.end < 0) add('negative-time', [keyOf(item)], t);
      if (!validIndices(item)) add('index-out-of-bounds', [keyOf(item)], t);
      if (item.id === '') add('empty-id', [keyOf(item)], t);
      if (item.end < item.start) add('end-before-start', [keyOf(item)], t);
      else if (item.end === item.start) add('zero-duration', [keyOf(item)], t);
      else if (item.end - item.start > longWord) add('long-word', [keyOf(item)], t);
      if (item.end > doc.duration) add('past-duration', [keyOf(item)], t);
      if (!NOT_BLANK.test(item.text)) add('empty-text', [keyOf(item)], t);
      const singer = item.singer ?? 0;
      const before = lastBySinger.get(singer);
      if (before && item.start < before.end) add('overlap', [keyOf(before), keyOf(item)], t);
      if (!before || item.end > before.end) lastBySinger.set(singer, item);
      // A gap between consecutive words of one line (in time order).
      if (prev && prev.line === item.line && item.start - prev.end > longGap) {
        add('long-gap', [keyOf(prev), keyOf(item)], prev.end);
      }
      prev = item;
    }
  }
  issues.sort((a, b) => a.time - b.time);
  let errors = 0;
  let blocking = 0;
  for (const issue of issues) {
    if (issue.severity === 'error') errors++;
    if (issue.blocksSave) blocking++;
  }
  return { issues, errors, warnings: issues.length - errors, blocking, canSave: blocking === 0 };
}

/** The first issue after `time` (wrapping to the first), optionally errors only. */
export function nextProblem(
  result: ValidationResult,
  time: number,
  errorsOnly = false,
): ValidationIssue | undefined {
  const pool = errorsOnly ? result.issues.filter((i) => i.severity === 'error') : result.issues;
  return pool.find((i) => i.time > time) ?? pool[0];
}
