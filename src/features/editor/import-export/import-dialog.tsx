import { useEffect, useId } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { TIMING_FORMATS, type TimingFormat } from '../../../formats';
import { formatTime } from '../audio';
import type { ImportState } from './import-state';
import type { ReadSummary } from './timings-protocol';
import { ImportWarnings } from './import-warnings';

interface Props {
  state: ImportState;
  /** Words the open alignment has now (what Apply replaces). */
  currentWords: number;
  /** Media duration in seconds, for the words that end after it (0 or Infinity: unknown). */
  duration: number;
  onFormat: (format: TimingFormat) => void;
  onApply: () => void;
  onCancel: () => void;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1 << 20
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1 << 20)).toFixed(1)} MB`;
const labelOf = (format: TimingFormat) =>
  TIMING_FORMATS.find((f) => f.id === format)?.label ?? format;

/** How the file is timed: word by word, by line only, or partly by line. */
function timingOf(result: Pick<ReadSummary, 'estimatedCount' | 'itemCount'>): string {
  if (result.estimatedCount === 0) return 'Word by word, as in the file.';
  if (result.estimatedCount >= result.itemCount)
    return 'By line only: each word’s time is spread over its line and marked estimated.';
  return `${count(result.estimatedCount, 'word')} timed by line only: spread over the line and marked estimated.`;
}

/** What was read: the format, the encoding, the counts, the timing, the translations. */
function SummaryList({ result, chosen }: { result: ReadSummary; chosen: boolean }) {
  return (
    <dl className="import-summary">
      <dt>Read as</dt>
      <dd>
        {labelOf(result.format)}
        {chosen ? ' (chosen)' : ''}
      </dd>
      <dt>Encoding</dt>
      <dd>{result.encoding}</dd>
      <dt>Contents</dt>
      <dd>
        {count(result.lineCount, 'line')}, {count(result.wordCount, 'word')} (
        {count(result.itemCount, 'timed item')})
      </dd>
      <dt>Timing</dt>
      <dd>{timingOf(result)}</dd>
      {result.languages.length > 0 && (
        <>
          <dt>Translations</dt>
          <dd>{result.languages.join(', ')}</dd>
        </>
      )}
    </dl>
  );
}

/** The Format field: the detected format marked, another one chosen to read the file again. */
function FormatField({
  id,
  state,
  format,
  onFormat,
}: {
  id: string;
  state: ImportState;
  format: TimingFormat | null;
  onFormat: (format: TimingFormat) => void;
}) {
  const { busy, result, error, detected } = state;
  return (
    <div className="import-format">
      <label htmlFor={`${id}-format`}>Format</label>
      <select
        id={`${id}-format`}
        value={format ?? ''}
        disabled={busy && !result && !error}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onFormat(e.target.value as TimingFormat)}
      >
        {format === null && (
          <option value="" disabled>
            {busy ? 'Detecting…' : 'Not recognised: choose one'}
          </option>
        )}
        {TIMING_FORMATS.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
            {f.id === detected ? ' — detected' : ''}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="error-text import-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The preview of a timing file before it replaces the open alignment's words. */
export function ImportDialog({
  state,
  currentWords,
  duration,
  onFormat,
  onApply,
  onCancel,
}: Props) {
  const ref = useModalDialog(true);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    return () => dialog?.close();
  }, [ref]);
  const { file, busy, result, error, detected, forced } = state;
  const format = forced ?? result?.format ?? detected;
  const late = result?.lateCount ?? 0;
  const applying = state.applying === true;
  const canApply = !busy && !applying && !error && result !== null;

  return (
    <dialog
      ref={ref}
      className="dialog import-dialog"
      aria-labelledby={`${id}-title`}
      aria-busy={busy || applying}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Import timings</h2>
      <p className="import-file">
        <strong>{file.name}</strong> <span className="muted">({sizeOf(file.size)})</span>
      </p>
      <FormatField id={id} state={state} format={format} onFormat={onFormat} />
      {busy ? (
        <p className="import-busy" role="status">
          <progress aria-label={`Reading ${file.name}`} /> Reading {file.name}
          {forced ? ` as ${labelOf(forced)}` : ''}…
        </p>
      ) : (
        result && (
          <>
            <SummaryList result={result} chosen={forced !== null && forced !== detected} />
            <ImportWarnings warnings={result.warnings} total={result.warningCount} />
          </>
        )
      )}
      {canApply && (
        <p className="import-effect">
          Apply replaces the {count(currentWords, 'word')} of this alignment with the{' '}
          {count(result.itemCount, 'imported item')}, as one edit you can undo. It is saved when you
          save.
          {late > 0 && (
            <span className="warn-text">
              {' '}
              {count(late, 'item ends', 'items end')} after the song’s end ({formatTime(duration)}).
            </span>
          )}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={onApply} disabled={!canApply}>
          {applying ? 'Applying…' : 'Apply'}
        </button>
      </div>
    </dialog>
  );
}
