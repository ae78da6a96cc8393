import { createHash, type Hash } from 'node:crypto';
import type { ReplayRef } from '../context';
import type { Db } from '../db/database';
import { one, run } from '../db/statements';
import { HttpError } from './problem';

export interface StoredResponse {
  status: number;
  body: string | readonly (string | Buffer)[];
  /** When set, a replay rebuilds the answer from this instead of a stored copy of the body. */
  replay?: ReplayRef;
}

const DAY_MS = 24 * 3600_000;
/** Most keys kept per account: the oldest go first (a client makes a handful a minute). */
export const MAX_KEYS_PER_ACCOUNT = 1000;
/** Bodies are stored only when small; large answers carry a ReplayRef instead. */
const REF_PREFIX = 'ref:';

/** The request fingerprint, fed chunk by chunk while the body arrives. */
export const fingerprintHash = (method: string, path: string): Hash =>
  createHash('sha256').update(`${method} ${path}\n`);

const stored = (response: StoredResponse): string =>
  response.replay
    ? `${REF_PREFIX}${JSON.stringify(response.replay)}`
    : typeof response.body === 'string'
      ? response.body
      : response.body.map((part) => part.toString()).join('');

/**
 * Idempotency-Key (docs/adr/0005): the first successful response per (account, key) answers its
 * replays for 24 h. What is kept is what a replay needs: small bodies as they are, alignment
 * replacements as a reference (rebuilt by the route), at most MAX_KEYS_PER_ACCOUNT per account.
 * The DB row makes replays survive restarts; the in-process map makes concurrent duplicates wait
 * for the first one instead of doing the work twice (one process owns the database's writers).
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
    rebuild: (ref: ReplayRef) => Promise<StoredResponse>,
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
    const row = one<{ fingerprint: string; status: number; body: string }>(
      this.db,
      'SELECT fingerprint, status, body FROM idempotency WHERE account_id = ? AND key = ? AND created_at_ms > ?',
      accountId,
      key,
      Date.now() - DAY_MS,
    );
    if (row) {
      if (row.fingerprint !== print) throw conflict();
      if (row.body.startsWith(REF_PREFIX)) {
        const ref = JSON.parse(row.body.slice(REF_PREFIX.length)) as ReplayRef;
        return { ...(await rebuild(ref)), replayed: true };
      }
      return { status: row.status, body: row.body, replayed: true };
    }
    const promise = work().then((response) => {
      // Only successes are kept: a failed request changed nothing, and its retry may succeed.
      if (response.status < 300) this.keep(accountId, key, print, response);
      return response;
    });
    this.inflight.set(slot, { fingerprint: print, promise });
    try {
      return { ...(await promise), replayed: false };
    } finally {
      this.inflight.delete(slot);
    }
  }

  private keep(accountId: string, key: string, print: string, response: StoredResponse): void {
    this.db.transaction(() => {
      run(
        this.db,
        'INSERT OR REPLACE INTO idempotency (account_id, key, fingerprint, status, body, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)',
        accountId,
        key,
        print,
        response.status,
        stored(response),
        Date.now(),
      );
      run(
        this.db,
        `DELETE FROM idempotency WHERE account_id = ? AND created_at_ms < (
           SELECT created_at_ms FROM idempotency WHERE account_id = ?
           ORDER BY created_at_ms DESC LIMIT 1 OFFSET ?)`,
        accountId,
        accountId,
        MAX_KEYS_PER_ACCOUNT - 1,
      );
    })();
  }

  /** Forgets keys older than 24 h. */
  sweep(): void {
    run(this.db, 'DELETE FROM idempotency WHERE created_at_ms <= ?', Date.now() - DAY_MS);
  }
}
