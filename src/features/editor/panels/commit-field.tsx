import { useId, useState, type KeyboardEvent } from 'react';

export type FieldParse<T> = (text: string) => { ok: true; value: T } | { ok: false; error: string };

export interface CommitFieldProps<T> {
  /** Accessible name (the fields have no visible label: the row says what they are). */
  label: string;
  /** What the field shows while the user is not editing it. */
  display: string;
  parse: FieldParse<T>;
  onCommit: (value: T) => void;
  onFocus?: () => void;
  className?: string;
  inputMode?: 'decimal' | 'text';
  /** -1 inside a composite widget (the word list) whose rows hold the tab stop. */
  tabIndex?: number;
}

/**
 * A text field committed on Enter or blur. Invalid input is refused with a visible message and
 * kept as typed until corrected or Escape restores the stored value; an untouched field never
 * commits (so tabbing through does not round times to the displayed milliseconds).
 */
export function CommitField<T>({
  label,
  display,
  parse,
  onCommit,
  onFocus,
  className,
  inputMode = 'text',
  tabIndex,
}: CommitFieldProps<T>) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const commit = () => {
    if (draft === null) return;
    if (draft === display) {
      setDraft(null);
      setError(null);
      return;
    }
    const result = parse(draft);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft(null);
    setError(null);
    onCommit(result.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && (draft !== null || error !== null)) {
      // Claimed here so the editor's Escape (clear selection) does not fire as well.
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      setError(null);
    }
  };

  return (
    <span className={`commit-field ${className ?? ''}`}>
      <input
        type="text"
        aria-label={label}
        tabIndex={tabIndex}
        inputMode={inputMode}
        spellCheck={false}
        autoComplete="off"
        value={draft ?? display}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          // Once refused, the message follows the text so it goes away when corrected.
          if (error !== null) {
            const result = parse(e.target.value);
            setError(result.ok ? null : result.error);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
        onFocus={onFocus}
      />
      {error !== null && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
