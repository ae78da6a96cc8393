import type { ValidationIssue, ValidationResult } from '../../../timing';

type IssueCode = ValidationIssue['code'];

/** What each finding of the core means, in words a user acts on. */
export function describeIssue(code: IssueCode): string {
  switch (code) {
    case 'negative-time':
      return 'Negative time';
    case 'not-finite':
      return 'Time is not a number';
    case 'index-out-of-bounds':
      return 'Line or word number out of range';
    case 'empty-id':
      return 'Empty id';
    case 'too-many-items':
      return 'More than 100,000 items';
    case 'end-before-start':
      return 'Ends before it starts';
    case 'overlap':
      return 'Overlaps the previous word';
    case 'past-duration':
      return 'Past the end of the song';
    case 'duplicate-identity':
      return 'Same identity as another word';
    case 'zero-duration':
      return 'Zero duration';
    case 'empty-text':
      return 'Empty text';
    case 'long-word':
      return 'Very long word (over 2 s)';
    case 'long-gap':
      return 'Long gap in the line (over 2 s)';
    case 'missing-translation':
      return 'Translation missing';
  }
}

/** The issue in words, with the languages a line lacks. */
export function issueText(issue: ValidationIssue): string {
  const text = describeIssue(issue.code);
  return issue.missing?.length ? `${text}: ${issue.missing.join(', ')}` : text;
}

export interface RowProblem {
  readonly severity: 'error' | 'warning';
  readonly text: string;
}

/** Per item key, its worst finding (errors win over warnings); the word list marks these. */
export function problemsByKey(result: ValidationResult | null): ReadonlyMap<string, RowProblem> {
  const out = new Map<string, RowProblem>();
  if (!result) return out;
  for (const issue of result.issues) {
    for (const key of issue.keys) {
      const seen = out.get(key);
      if (seen && (seen.severity === 'error' || issue.severity === 'warning')) continue;
      out.set(key, { severity: issue.severity, text: issueText(issue) });
    }
  }
  return out;
}
