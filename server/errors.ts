/**
 * What a store, the queue or a check below the routes throws when a request cannot be done. No
 * HTTP here: these modules stand below the routes, and the routes map these errors to problem
 * details (`routes/store-problems.ts`: status, wording, members). Each message is one a user can
 * read: a task that fails with one shows it as it is (`tasks/worker.ts`).
 */

/** The base of the domain errors below. */
export class DomainError extends Error {}

/** What the request names does not exist, or is not the caller's (the two look alike). */
export class NotFoundError extends DomainError {
  constructor(readonly what: string) {
    super(`${what} was not found.`);
    this.name = 'NotFoundError';
  }
}

/**
 * A guarded write found a newer version than the caller read: nothing was written. `what` names
 * the version that moved; `current` holds the stored versions, so the client can fetch and merge.
 */
export class StaleVersionError extends DomainError {
  constructor(
    readonly what: string,
    readonly current: Readonly<Record<string, string>>,
  ) {
    super(`The ${what} changed since it was read.`);
    this.name = 'StaleVersionError';
  }
}

/** The account's balance does not cover a task's cost: nothing was charged or queued. */
export class InsufficientCreditsError extends DomainError {
  constructor(readonly cost: number) {
    super(`This task needs ${cost} credits; the balance is too low.`);
    this.name = 'InsufficientCreditsError';
  }
}

/** What the request names is in a state that forbids it (a task that already ended). */
export class StateConflictError extends DomainError {
  constructor(message: string) {
    super(message);
    this.name = 'StateConflictError';
  }
}

/** The bytes sent to an upload address are not the ones it expects: nothing was kept. */
export class UploadBytesError extends DomainError {
  constructor(message: string) {
    super(message);
    this.name = 'UploadBytesError';
  }
}

/** One field of a request and what is wrong with it (`path` is dotted: `range.start`). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The request is well formed but cannot be done as asked (an export of a project with no
 * alignment): `message` says why, `fields` which fields to change.
 */
export class InvalidRequestError extends DomainError {
  constructor(
    message: string,
    readonly fields: readonly FieldIssue[],
  ) {
    super(message);
    this.name = 'InvalidRequestError';
  }
}
