import { useId } from 'react';
import type { ReadWarning } from '../../../formats';

/** More than this are counted, not listed: a broken 100,000-line file must not stall the dialog. */
const LISTED = 500;

/** What the reader skipped or adjusted, by line: a count and a scrollable list. */
export function ImportWarnings({ warnings }: { warnings: readonly ReadWarning[] }) {
  const id = useId();
  if (warnings.length === 0)
    return <p className="import-no-warnings">No warnings: every line was read.</p>;
  const shown = warnings.slice(0, LISTED);
  return (
    <section className="import-warnings" aria-labelledby={id}>
      <h3 id={id}>
        {warnings.length === 1 ? '1 warning' : `${warnings.length.toLocaleString('en')} warnings`}
      </h3>
      {/* Focusable so the list scrolls from the keyboard. */}
      <ol className="import-warning-list" tabIndex={0} aria-labelledby={id}>
        {shown.map((w, i) => (
          <li key={i}>
            {w.line === null ? null : <span className="import-warning-line">Line {w.line}: </span>}
            {w.message}
          </li>
        ))}
      </ol>
      {warnings.length > LISTED && (
        <p className="muted">
          The first {LISTED} are listed; {(warnings.length - LISTED).toLocaleString('en')} more are
          not.
        </p>
      )}
    </section>
  );
}
