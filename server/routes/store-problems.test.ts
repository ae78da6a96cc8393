import { describe, expect, it } from 'vitest';
import { NotFoundError, StaleVersionError } from '../errors';
import { HttpError } from '../http/problem';
import { storeCall } from './store-problems';

const detail = (what: string) => `The ${what} moved.`;
const failure = (work: Promise<unknown>) =>
  storeCall(work, detail).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('storeCall', () => {
  it('answers a store that is not found as 404 naming what', async () => {
    const error = await failure(Promise.reject(new NotFoundError('Alignment')));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).toProblem()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Alignment was not found.',
    });
  });

  it('answers a stale version as 409 worded by the route, with the stored versions', async () => {
    const stale = new StaleVersionError('timing revision', {
      revision: 'r2',
      selectionRevision: 's',
    });
    const error = await failure(Promise.reject(stale));
    expect((error as HttpError).toProblem()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'The timing revision moved.',
      revision: 'r2',
      selectionRevision: 's',
    });
  });

  it('passes results and other errors through', async () => {
    expect(await storeCall(Promise.resolve(7), detail)).toBe(7);
    const other = new Error('disk full');
    expect(await failure(Promise.reject(other))).toBe(other);
  });
});
