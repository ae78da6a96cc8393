import { useId } from 'react';
import type { ReadWarning } from '../../../formats';

/** What the reader skipped or adjusted, by line: a count and a scrollable list. */
export function ImportWarnings({
  warnings,
  total = warnings.length,
}: {
  /** The listed ones (the worker sends at most LISTED_WARNINGS: a broken 100k-line file has 100k). */
  warnings: readonly ReadWarning[];
  total?: number;
}) {
  const id = useId();
  if (warnings.length === 0)
    return <p className="import-no-warnings">No warnings: every line was read.</p>;
  return (
    <section className="import-warnings" aria-labelledby={id}>
      <h3 id={id}>{total === 1 ? '1 warning' : `${total.toLocaleString('en')} warnings`}</h3>
      {/* Focusable so the list scrolls from the keyboard. */}
      <ol className="import-warning-list" tabIndex={0} aria-labelledby={id}>
        {warnings.map((w, i) => (
          <li key={i}>
            {w.line === null ? null : <span className="import-warning-line">Line {w.line}: </span>}
            {w.message}
          </li>
        ))}
      </ol>
      {total > warnings.length && (
        <p className="muted">
          The first {warnings.length} are listed; {(total - warnings.length).toLocaleString('en')}{' '}
          more are not.
        </p>
      )}
    </section>
  );
}
