import { useId, useRef, useState } from 'react';
import { useEditor, useEditorStore, type ValidationIssue } from '../store';
import { IssueList } from './issue-list';
import { goToNextProblem, jumpToIssue } from './next-problem';
import './panels.css';

export interface ValidationPanelProps {
  /** Scroll the timeline to `time` and seek there (the findings are selected already). */
  onJump: (time: number) => void;
  /** Where "Next problem" searches from (e.g. the playhead); default: the last jump. */
  getTime?: () => number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The core's findings: what blocks a save, other errors, warnings; click or "Next problem" jumps. */
export function ValidationPanel({ onJump, getTime }: ValidationPanelProps) {
  const store = useEditorStore();
  const validation = useEditor((s) => s.validation);
  const doc = useEditor((s) => s.doc);
  const lastJump = useRef(-Infinity);
  const titleId = useId();
  // While a new result is computed, the previous findings stay listed (no flicker on every edit),
  // with the document they were found in: their words are looked up there, not in a newer version
  // that may no longer hold them (after an import, a miss would index all 100,000 words).
  const [found, setFound] = useState({ validation, doc });
  if (validation !== null && validation !== found.validation) setFound({ validation, doc });
  const shown = found.validation;

  const jump = (time: number) => {
    lastJump.current = time;
    onJump(time);
  };
  const pick = (issue: ValidationIssue) => jumpToIssue(store, issue, jump);
  const next = () => goToNextProblem(store, getTime?.() ?? lastJump.current, jump);

  const issues = shown?.issues ?? [];
  const blocking = issues.filter((i) => i.blocksSave);
  const errors = issues.filter((i) => i.severity === 'error' && !i.blocksSave);
  const warnings = issues.filter((i) => i.severity === 'warning');

  return (
    <section className="validation-panel" aria-labelledby={titleId}>
      <div className="panel-header">
        <h2 id={titleId}>Problems</h2>
        <button type="button" onClick={next} disabled={shown !== null && issues.length === 0}>
          Next problem
        </button>
      </div>
      <div role="status" aria-live="polite">
        {validation === null ? (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> Checking…
          </p>
        ) : issues.length === 0 ? (
          <p className="muted">No problems</p>
        ) : (
          <p>
            {plural(validation.errors, 'error')}, {plural(validation.warnings, 'warning')}
            {validation.blocking > 0 && ` (${validation.blocking} must be fixed before saving)`}
          </p>
        )}
      </div>
      {shown !== null && (
        <>
          {(
            [
              ['Must fix before saving', 'error', blocking],
              ['Errors', 'error', errors],
              ['Warnings', 'warning', warnings],
            ] as const
          ).map(([title, severity, issues]) => (
            <IssueList
              key={title}
              title={title}
              severity={severity}
              issues={issues}
              doc={found.doc}
              onPick={pick}
            />
          ))}
        </>
      )}
    </section>
  );
}
