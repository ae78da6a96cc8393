import { describeError } from '../api';

/** The service's problem title and detail, and what the user can do. Never a raw stack. */
export function ErrorNotice({
  error,
  onRetry,
  action,
}: {
  error: unknown;
  onRetry?: () => void;
  action?: string;
}) {
  const { title, detail } = describeError(error);
  return (
    <div className="notice notice-error" role="alert">
      <strong>{action ? `${action}: ${title}` : title}</strong>
      {detail && <p>{detail}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
