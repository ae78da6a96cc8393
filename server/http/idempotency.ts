import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { one, run } from '../db/statements';
import { HttpError } from './problem';

export interface StoredResponse {
  status: number;
  body: string;
}

const DAY_MS = 24 * 3600_000;

export const fingerprint = (method: string, path: string, body: Buffer): string =>
  createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex');

/**
 * Idempotency-Key: the first successful response per (account, key) is kept for 24 h. The DB row
 * makes replays survive restarts; the in-process map makes concurrent duplicates wait for the
 * first one instead of doing the work twice (one process owns the database's writers).
 */
export class IdempotencyStore {
  private readonly inflight = new Map<
    string,
    { fingerprint: string; promise: Promise<StoredResponse> }
  >();

  constructor(private readonly db: Db) {}

  async run(
    accountId: string,
    key: string,
    print: string,
    work: () => Promise<StoredResponse>,
  ): Promise<StoredResponse & { replayed: boolean }> {
    if (key.length === 0 || key.length > 255) {
      throw new HttpError(400, 'Idempotency-Key must be 1 to 255 characters.');
    }
    const slot = `${accountId}\n${key}`;
    const conflict = () =>
      new HttpError(422, 'This Idempotency-Key was already used with a different request.');
    const pending = this.inflight.get(slot);
    if (pending) {
      if (pending.fingerprint !== print) throw conflict();
      return { ...(await pending.promise), replayed: true };
    }
    const stored = one<{ fingerprint: string; status: number; body: string }>(
      this.db,
      'SELECT fingerprint, status, body FROM idempotency WHERE account_id = ? AND key = ? AND created_at_ms > ?',
      accountId,
      key,
      Date.now() - DAY_MS,
    );
    if (stored) {
      if (stored.fingerprint !== print) throw conflict();
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const promise = work().then((response) => {
      // Only successes are kept: a failed request changed nothing, and its retry may succeed.
      if (response.status < 300) {
        run(
          this.db,
          'INSERT OR REPLACE INTO idempotency (account_id, key, fingerprint, status, body, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)',
          accountId,
          key,
          print,
          response.status,
          response.body,
          Date.now(),
        );
      }
      return response;
    });
    this.inflight.set(slot, { fingerprint: print, promise });
    try {
      return { ...(await promise), replayed: false };
    } finally {
      this.inflight.delete(slot);
    }
  }

  /** Forgets keys older than 24 h. */
  sweep(): void {
    run(this.db, 'DELETE FROM idempotency WHERE created_at_ms <= ?', Date.now() - DAY_MS);
  }
}
