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
  errorId?: string | undefined;
  placeholder?: string | undefined;
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

type TitleOrArtists = 'title' | 'artists';

/** The project's title and artists (artists separated by commas), each with its error. */
export function TitleArtistsFields({
  values,
  onChange,
  errors,
  titleErrorId,
  alert = false,
}: {
  values: Record<TitleOrArtists, string>;
  onChange: (field: TitleOrArtists, value: string) => void;
  errors: Partial<Record<TitleOrArtists, string>>;
  /** The title's error describes the field by this id. */
  titleErrorId: string;
  alert?: boolean;
}) {
  const fields = [
    { key: 'title', label: 'Title', errorId: titleErrorId, placeholder: undefined },
    { key: 'artists', label: 'Artists', errorId: undefined, placeholder: ARTISTS_HINT },
  ] as const;
  return fields.map(({ key, ...field }) => (
    <TextField
      key={key}
      {...field}
      value={values[key]}
      onChange={(value) => onChange(key, value)}
      error={errors[key]}
      alert={alert}
    />
  ));
}

const ARTISTS_HINT = 'Separate several with commas';
