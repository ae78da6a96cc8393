import type { ProblemDetails, ProblemFieldError } from '../contract';

/** The service answered with an error status; `problem` is its RFC 9457 body (or one made up). */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly status: number,
    readonly problem: ProblemDetails,
  ) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
  }
  /** Field errors of a 400, by path (`title`, `alignment.items.3.start`). */
  get fieldErrors(): ProblemFieldError[] {
    return this.problem.errors ?? [];
  }
}

/** 409 on an alignment replacement or selection: someone else saved first. */
export class RevisionConflictError extends ApiError {
  override readonly name = 'RevisionConflictError';
  constructor(
    problem: ProblemDetails,
    readonly revision: string,
    readonly selectionRevision: string,
  ) {
    super(409, problem);
  }
}

/** 409 on a settings change or preset application: the settings changed since they were read. */
export class SettingsConflictError extends ApiError {
  override readonly name = 'SettingsConflictError';
  constructor(
    problem: ProblemDetails,
    /** The settings' current versionId. */
    readonly versionId: string,
  ) {
    super(409, problem);
  }
}

/** The request never got an answer: offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly url: string,
    cause?: unknown,
  ) {
    super(`Could not reach the service at ${url}. Check the address and your connection.`, {
      cause,
    });
  }
}

/** The answer did not match the contract: names the endpoint and the field. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly endpoint: string,
    readonly issues: readonly ProblemFieldError[],
  ) {
    const first = issues[0];
    super(
      `Unexpected response from ${endpoint}` +
        (first ? `: field ${first.path}: ${first.message}` : '') +
        (issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''),
    );
  }
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** What a person should read: title and detail, or a plain sentence. */
export function describeError(error: unknown): { title: string; detail?: string } {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors.map((e) => `${e.path}: ${e.message}`).join('; ');
    return {
      title: error.problem.title,
      detail: [error.problem.detail, fields].filter(Boolean).join(' — ') || undefined,
    };
  }
  if (error instanceof NetworkError) return { title: 'Service unreachable', detail: error.message };
  if (error instanceof UnexpectedResponseError)
    return { title: 'The service sent something unexpected', detail: error.message };
  if (isAbortError(error)) return { title: 'Cancelled' };
  if (error instanceof Error) return { title: 'Something went wrong', detail: error.message };
  return { title: 'Something went wrong' };
}
