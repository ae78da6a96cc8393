import { MAX_ALIGNMENT_ITEMS, type AlignmentItem } from '../contract';
import type { TimingDoc } from './doc';
import {
  duplicateSteps,
  holderBuild,
  scanChunk,
  type Limits,
  type Singers,
} from './validate-parts';
import { issue, type ValidationIssue } from './validate-issue';
import { missingTranslations } from './translations';

export type { IssueCode, ValidationIssue } from './validate-issue';

export interface ValidationResult {
  /**
   * Sorted by time. At equal times: the other issues in document order, then duplicate
   * identities in document order.
   */
  readonly issues: readonly ValidationIssue[];
  readonly errors: number;
  readonly warnings: number;
  readonly blocking: number;
  readonly canSave: boolean;
}

export interface ValidateOptions {
  longWord?: number;
  longGap?: number;
  /** Read every item again, ignoring what earlier validations of shared chunks found. */
  fresh?: boolean;
  /** Languages the project shows: a line without a translation in one is a warning (ADR 0017). */
  languages?: readonly string[];
}

/**
 * Every problem of the document. Incremental (ADR 0014): per-chunk results are reused for the
 * chunks a version shares with one validated before, and duplicate identities are tracked along
 * the changes that made the version, so validating after an edit reads what the edit touched,
 * not 100,000 items. The result equals a full pass (`fresh: true`; a property test checks it).
 */
export function validateDoc(doc: TimingDoc, options: ValidateOptions = {}): ValidationResult {
  const steps = validateSteps(doc, options, Infinity);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * `validateDoc` in slices: yields after about `stepItems` items read, so a caller can spread the
 * validation of a whole new document (an imported file) over several tasks. The documents are
 * immutable and the shared per-lineage state is only replaced once a step is complete, so a run
 * left unfinished (the document changed meanwhile) leaves nothing half done.
 */
export function* validateSteps(
  doc: TimingDoc,
  options: ValidateOptions,
  stepItems: number,
): Generator<void, ValidationResult> {
  const useCache = !options.fresh;
  const limits: Limits = {
    duration: doc.duration,
    longWord: options.longWord ?? 2,
    longGap: options.longGap ?? 2,
  };
  const issues: ValidationIssue[] = [];
  if (doc.size > MAX_ALIGNMENT_ITEMS) issues.push(issue('too-many-items', [], 0));
  const singers: Singers = new Map();
  let prev: AlignmentItem | undefined;
  let budget = stepItems;
  // Duplicate identities from nothing (a fresh pass, a new lineage): read with the scan.
  const building = holderBuild(doc, useCache);
  try {
    for (const chunk of doc.chunks) {
      const found = scanChunk(chunk, prev, singers, limits, useCache);
      for (let i = 0; i < found.length; i++) issues.push(found[i] as ValidationIssue);
      building?.add(chunk);
      if (chunk.length) prev = chunk[chunk.length - 1];
      budget -= chunk.length;
      if (budget <= 0) {
        yield;
        budget = stepItems;
      }
    }
    const duplicates = duplicateSteps(doc, useCache, stepItems, building?.done());
    let step = duplicates.next();
    while (!step.done) {
      yield;
      step = duplicates.next();
    }
    for (const found of step.value) issues.push(found);
  } finally {
    building?.release();
  }
  if (options.languages?.length)
    for (const found of missingTranslations(doc, options.languages)) issues.push(found);
  issues.sort((a, b) => a.time - b.time);
  // The same findings as the last validation of this lineage: the same result object, so the
  // views that derive from it (problem sets, the word list's marks, the panel) are not redone.
  const last = useCache ? lastResults.get(doc.byKey) : undefined;
  if (last && sameIssues(last.issues, issues)) return last;
  let errors = 0;
  let blocking = 0;
  for (const found of issues) {
    if (found.severity === 'error') errors++;
    if (found.blocksSave) blocking++;
  }
  const result = {
    issues,
    errors,
    warnings: issues.length - errors,
    blocking,
    canSave: blocking === 0,
  };
  if (useCache) lastResults.set(doc.byKey, result);
  return result;
}

const lastResults = new WeakMap<object, ValidationResult>();

function sameIssues(a: readonly ValidationIssue[], b: readonly ValidationIssue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
