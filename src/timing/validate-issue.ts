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
  | 'long-gap'
  /** A line without a translation in a language the project shows (`missing`). */
  | 'missing-translation';

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
  /** `missing-translation`: the language keys the line lacks. */
  readonly missing?: readonly string[];
}

export function issue(code: IssueCode, keys: readonly string[], time: number): ValidationIssue {
  return {
    code,
    severity: BLOCKING.has(code) || ERRORS.has(code) ? 'error' : 'warning',
    blocksSave: BLOCKING.has(code),
    keys,
    time,
  };
}
