import {
  InsufficientCreditsError,
  InvalidRequestError,
  NotFoundError,
  StaleVersionError,
  StateConflictError,
  UploadBytesError,
} from '../errors';
import { HttpError, notFound } from '../http/problem';

/**
 * The problem a domain error (`server/errors.ts`) is answered with, or undefined for any other
 * error: NotFoundError is 404 "<what> was not found.", StaleVersionError 409 worded by the route
 * (`staleDetail`, else its own message) with the stored versions as members (the contract's
 * conflict bodies), InsufficientCreditsError 402, StateConflictError 409, UploadBytesError 400,
 * InvalidRequestError 422 with its fields as `errors`.
 */
export function storeProblem(
  error: unknown,
  staleDetail?: (what: string) => string,
): HttpError | undefined {
  if (error instanceof NotFoundError) return notFound(error.what);
  if (error instanceof StaleVersionError) {
    const detail = staleDetail ? staleDetail(error.what) : error.message;
    return new HttpError(409, detail, { ...error.current });
  }
  if (error instanceof InsufficientCreditsError) return new HttpError(402, error.message);
  if (error instanceof StateConflictError) return new HttpError(409, error.message);
  if (error instanceof UploadBytesError) return new HttpError(400, error.message);
  if (error instanceof InvalidRequestError) {
    return new HttpError(422, error.message, { errors: [...error.fields] });
  }
  return undefined;
}

/**
 * Awaits a store's (or the queue's) work and answers its domain errors as problems
 * (`storeProblem`). Other errors pass through.
 */
export async function storeCall<T>(
  work: Promise<T>,
  staleDetail?: (what: string) => string,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw storeProblem(error, staleDetail) ?? error;
  }
}
