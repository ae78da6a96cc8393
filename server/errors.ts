/**
 * What a store throws when a request cannot be done. No HTTP here: the stores (`db/`) stand below
 * the routes, and each route maps these to its problem details (status, wording, members).
 */

/** What the request names does not exist, or is not the caller's (the two look alike). */
export class NotFoundError extends Error {
  constructor(readonly what: string) {
    super(`${what} was not found.`);
    this.name = 'NotFoundError';
  }
}

/**
 * A guarded write found a newer version than the caller read: nothing was written. `what` names
 * the version that moved; `current` holds the stored versions, so the client can fetch and merge.
 */
export class StaleVersionError extends Error {
  constructor(
    readonly what: string,
    readonly current: Readonly<Record<string, string>>,
  ) {
    super(`The ${what} changed since it was read.`);
    this.name = 'StaleVersionError';
  }
}
