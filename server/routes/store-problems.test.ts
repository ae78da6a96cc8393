import { describe, expect, it } from 'vitest';
import * as domain from '../errors';
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
    const error = await failure(Promise.reject(new domain.NotFoundError('Alignment')));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).toProblem()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Alignment was not found.',
    });
  });

  it('answers a stale version as 409 worded by the route, with the stored versions', async () => {
    const stale = new domain.StaleVersionError('timing revision', {
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

  it('answers a stale version without a route wording with its own message', async () => {
    const error = await storeCall(
      Promise.reject(new domain.StaleVersionError('settings version', { versionId: 'v2' })),
    ).catch((e: unknown) => e);
    expect((error as HttpError).toProblem()).toMatchObject({
      status: 409,
      detail: 'The settings version changed since it was read.',
      versionId: 'v2',
    });
  });

  it.each([
    [
      new domain.InsufficientCreditsError(3),
      {
        status: 402,
        title: 'Payment Required',
        detail: 'This task needs 3 credits; the balance is too low.',
      },
    ],
    [
      new domain.StateConflictError('The task already ended (completed); it cannot be cancelled.'),
      {
        status: 409,
        title: 'Conflict',
        detail: 'The task already ended (completed); it cannot be cancelled.',
      },
    ],
    [
      new domain.UploadBytesError('The upload was interrupted.'),
      { status: 400, title: 'Bad Request', detail: 'The upload was interrupted.' },
    ],
    [
      new domain.InvalidRequestError('The export cannot be rendered.', [
        { path: 'audio', message: 'no stem' },
      ]),
      {
        status: 422,
        title: 'Unprocessable Content',
        detail: 'The export cannot be rendered.',
        errors: [{ path: 'audio', message: 'no stem' }],
      },
    ],
  ])('answers %s as its problem', async (domain, problem) => {
    const error = await failure(Promise.reject(domain));
    expect((error as HttpError).toProblem()).toEqual({ type: 'about:blank', ...problem });
    expect((error as HttpError).headers).toEqual({});
  });

  it('passes results and other errors through', async () => {
    expect(await storeCall(Promise.resolve(7), detail)).toBe(7);
    const other = new Error('disk full');
    expect(await failure(Promise.reject(other))).toBe(other);
  });
});
