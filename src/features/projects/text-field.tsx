/**
 * A labelled one-line text input with its error under it (`aria-invalid`; described by the error
 * when it has an id). `alert` announces the error as it appears.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  errorId,
  placeholder,
  alert = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  errorId?: string;
  placeholder?: string;
  alert?: boolean;
}) {
  return (
    <>
      <label>
        {label}
        <input
          type="text"
          value={value}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error && errorId ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {error && (
        <p id={errorId} className="error-text" role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </>
  );
}
