import type { AlignmentItem } from '../../../contract';
import { getItem, type TimingDoc, type ValidationIssue } from '../store';
import { issueText } from './issue-text';
import { formatTime } from './time-format';

export interface IssueListProps {
  title: string;
  severity: 'error' | 'warning';
  issues: readonly ValidationIssue[];
  doc: TimingDoc;
  onPick: (issue: ValidationIssue) => void;
  /** Long lists show this many; "Next problem" walks them all. */
  limit?: number;
}

/**
 * The words of an issue, looked up once per issue and document: the panel re-renders on every
 * edit while its findings stay the same, and a lookup may have to index a whole new document
 * (the words of an import wait for it until the pause after it).
 */
const words = new WeakMap<ValidationIssue, { doc: TimingDoc; text: string }>();

function wordsOf(doc: TimingDoc, issue: ValidationIssue): string {
  const known = words.get(issue);
  if (known?.doc === doc) return known.text;
  const items = issue.keys.map((k) => getItem(doc, k)).filter((x): x is AlignmentItem => !!x);
  const text = items.map((x) => `“${x.text}”`).join(', ');
  words.set(issue, { doc, text });
  return text;
}

export function IssueList({ title, severity, issues, doc, onPick, limit = 200 }: IssueListProps) {
  if (issues.length === 0) return null;
  const shown = issues.slice(0, limit);
  return (
    <section aria-label={title}>
      <h3 className={`severity-${severity}`}>
        {title} ({issues.length})
      </h3>
      <ul>
        {shown.map((issue, i) => {
          const said = wordsOf(doc, issue);
          return (
            <li key={`${issue.code}:${issue.keys.join('|')}:${i}`}>
              <button type="button" onClick={() => onPick(issue)}>
                <span className="issue-time">{formatTime(issue.time)}</span>
                <span>
                  {issueText(issue)}
                  {said && `: ${said}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {issues.length > shown.length && (
        <p className="muted">and {issues.length - shown.length} more (use Next problem)</p>
      )}
    </section>
  );
}
