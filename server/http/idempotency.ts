import { createHash, type Hash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database';
import { HttpError } from './problem';

/**
 * What a replay keeps instead of the whole response (docs/adr/0005, 0010): a few strings from
 * which the route that answered rebuilds the answer (its `replay`), for answers too large to
 * store (megabytes). Stored as JSON with the key.
 */
export type ReplayRef = Readonly<Record<string, string>>;

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
/** A claim older than this belongs to a process that died mid-request: take it over. */
const STALE_CLAIM_MS = 120_000;
/** status 0 marks a claimed key whose first request is still running. */
const RUNNING = 0;

/** The request fingerprint, fed chunk by chunk while the body arrives. */
export const fingerprintHash = (method: string, path: string): Hash =>
  createHash('sha256').update(`${method} ${path}\n`);

const stored = (response: StoredResponse): string =>
  response.replay
    ? `${REF_PREFIX}${JSON.stringify(response.replay)}`
    : typeof response.body === 'string'
      ? response.body
      : response.body.map((part) => part.toString()).join('');

interface Row {
  fingerprint: string;
  status: number;
  body: string;
  created_at_ms: number;
}

/**
 * Idempotency-Key (docs/adr/0005, 0011): the first successful response per (account, key)
 * answers its replays for 24 h. What is kept is what a replay needs: small bodies as they are,
 * large answers as the route's ReplayRef (the route rebuilds the answer from it), at most MAX_KEYS_PER_ACCOUNT per
 * account. The first request claims the key with a row (the primary key decides between
 * processes); a duplicate that arrives meanwhile, in this process or another, waits for that row
 * to hold the answer. A failed request removes its claim: it changed nothing, and its retry may
 * succeed.
 */
export class IdempotencyStore {
  private readonly inflight = new Map<string, Promise<StoredResponse>>();

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
    for (let waited = 0; ; waited++) {
      const now = Date.now();
      const row = await this.db.one<Row>(
        'SELECT fingerprint, status, body, created_at_ms FROM idempotency WHERE account_id = ? AND key = ?',
        accountId,
        key,
      );
      const expired =
        row &&
        (row.created_at_ms <= now - DAY_MS ||
          (row.status === RUNNING && row.created_at_ms <= now - STALE_CLAIM_MS));
      if (row && !expired) {
        if (row.fingerprint !== print) throw conflict();
        if (row.status !== RUNNING) {
          if (row.body.startsWith(REF_PREFIX)) {
            const ref = JSON.parse(row.body.slice(REF_PREFIX.length)) as ReplayRef;
            return { ...(await rebuild(ref)), replayed: true };
          }
          return { status: row.status, body: row.body, replayed: true };
        }
        // The first request is still running (maybe in another process): wait for its answer.
        const local = this.inflight.get(slot);
        if (local) await local.catch(() => undefined);
        else await sleep(Math.min(25 * (waited + 1), 250));
        continue;
      }
      if (await this.claim(accountId, key, print, expired ? row : undefined)) break;
    }
    const promise = this.finish(accountId, key, work);
    this.inflight.set(slot, promise);
    try {
      return { ...(await promise), replayed: false };
    } finally {
      this.inflight.delete(slot);
    }
  }

  private async claim(accountId: string, key: string, print: string, old?: Row): Promise<boolean> {
    if (old) {
      // Replace exactly the row we saw (another process may be taking it over too).
      const taken = await this.db.run(
        `UPDATE idempotency SET fingerprint = ?, status = ?, body = '', created_at_ms = ?
         WHERE account_id = ? AND key = ? AND created_at_ms = ?`,
        print,
        RUNNING,
        Date.now(),
        accountId,
        key,
        old.created_at_ms,
      );
      return taken.changes > 0;
    }
    const inserted = await this.db.run(
      `INSERT INTO idempotency (account_id, key, fingerprint, status, body, created_at_ms)
       VALUES (?, ?, ?, ?, '', ?) ON CONFLICT (account_id, key) DO NOTHING`,
      accountId,
      key,
      print,
      RUNNING,
      Date.now(),
    );
    return inserted.changes > 0;
  }

  private async finish(
    accountId: string,
    key: string,
    work: () => Promise<StoredResponse>,
  ): Promise<StoredResponse> {
    let response: StoredResponse;
    try {
      response = await work();
    } catch (error) {
      await this.release(accountId, key);
      throw error;
    }
    // Only successes are kept: a failed request changed nothing, and its retry may succeed.
    if (response.status < 300) await this.keep(accountId, key, response);
    else await this.release(accountId, key);
    return response;
  }

  private async keep(accountId: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.tx(async (tx) => {
      await tx.run(
        'UPDATE idempotency SET status = ?, body = ? WHERE account_id = ? AND key = ?',
        response.status,
        stored(response),
        accountId,
        key,
      );
      await tx.run(
        `DELETE FROM idempotency WHERE account_id = ? AND status <> ? AND created_at_ms < (
           SELECT created_at_ms FROM idempotency WHERE account_id = ?
           ORDER BY created_at_ms DESC LIMIT 1 OFFSET ?)`,
        accountId,
        RUNNING,
        accountId,
        MAX_KEYS_PER_ACCOUNT - 1,
      );
    });
  }

  private async release(accountId: string, key: string): Promise<void> {
    await this.db.run(
      'DELETE FROM idempotency WHERE account_id = ? AND key = ? AND status = ?',
      accountId,
      key,
      RUNNING,
    );
  }

  /** Forgets keys older than 24 h. */
  async sweep(): Promise<void> {
    await this.db.run('DELETE FROM idempotency WHERE created_at_ms <= ?', Date.now() - DAY_MS);
  }
}
