import { NotFoundError, StaleVersionError } from '../errors';
import { HttpError, notFound } from '../http/problem';

/**
 * Awaits a store's work and answers its domain errors as problems: NotFoundError is 404
 * "<what> was not found.", StaleVersionError is 409 worded by the route (`staleDetail`) with the
 * stored versions as members (the contract's conflict bodies). Other errors pass through.
 */
export async function storeCall<T>(
  work: Promise<T>,
  staleDetail: (what: string) => string,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound(error.what);
    if (error instanceof StaleVersionError) {
      throw new HttpError(409, staleDetail(error.what), { ...error.current });
    }
    throw error;
  }
}
