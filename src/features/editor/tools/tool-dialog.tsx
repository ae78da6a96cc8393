import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';

interface Props {
  title: string;
  /** The confirm button's text, e.g. "Shift". */
  confirm: string;
  open: boolean;
  onClose: () => void;
  /** Validates and applies; returns false to keep the dialog open (a message is at the field). */
  onConfirm: () => boolean;
  children: ReactNode;
}

/**
 * The small modal form of one tool: focus is trapped while it is open, Enter confirms, Escape
 * and Cancel close it without a change. The editor's keys do not fire inside a dialog.
 */
export function ToolDialog({ title, confirm, open, onClose, onConfirm, children }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (onConfirm()) onClose();
  };
  return (
    <ModalDialog open={open} onClose={onClose} title={title} className="tool-dialog" fresh>
      <form onSubmit={submit} noValidate>
        {children}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            {confirm}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * A `ToolField`'s text and message: a new text (typed, or set for another scope) clears the
 * message; `field` spreads into the ToolField.
 */
export function useToolField(initial: string) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { value, set, setError, field: { value, error, onChange: set } };
}

/** A labelled text field with its message (role alert) tied to it by aria-describedby. */
export function ToolField({
  label,
  value,
  onChange,
  error,
  hint,
  autoFocus,
  inputMode = 'decimal',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  autoFocus?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const id = useId();
  return (
    <div className="tool-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="muted tool-hint">
          {hint}
        </span>
      )}
      <span id={`${id}-error`} className="field-error" role="alert">
        {error ?? ''}
      </span>
    </div>
  );
}

/** A fieldset of radio buttons: one choice among a few, each with its own label. */
export function RadioChoice<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: ReactNode; disabled?: boolean }[];
}) {
  const name = useId();
  return (
    <fieldset className="tool-scope">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** "Selected words (3)" / "Their whole lines (12 words)": which words a tool acts on. */
export function ScopeChoice({
  value,
  onChange,
  words,
  lineWords,
}: {
  value: 'words' | 'lines';
  onChange: (value: 'words' | 'lines') => void;
  words: number;
  lineWords: number;
}) {
  return (
    <RadioChoice
      legend="Apply to"
      value={value}
      onChange={onChange}
      options={[
        { value: 'words', label: `The selected words (${words})` },
        { value: 'lines', label: `Their whole lines (${lineWords} words)` },
      ]}
    />
  );
}
