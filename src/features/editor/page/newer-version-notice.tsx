interface Props {
  /** A newer version of this alignment is saved on the service. */
  newer: boolean;
  /** The draft has unsaved edits (they are merged into the newer version on load). */
  dirty: boolean;
  busy: boolean;
  onLoad: () => void;
}

/**
 * "A newer version was saved" with a one-click `Load newer version`. The live region is always
 * mounted (empty while the draft is current), so screen readers announce the notice politely when
 * it appears.
 */
export function NewerVersionNotice({ newer, dirty, busy, onLoad }: Props) {
  return (
    <div className="newer-version-slot" role="status" aria-live="polite">
      {newer && (
        <div className="notice notice-warn page-notice newer-version">
          <span>
            A newer version was saved{' '}
            {dirty
              ? 'while you were editing. Loading it merges your unsaved edits into it.'
              : 'since you opened this one.'}
          </span>{' '}
          <button type="button" className="primary" onClick={onLoad} disabled={busy}>
            Load newer version
          </button>
        </div>
      )}
    </div>
  );
}
