import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database';
import { HttpError } from './problem';

export interface StoredResponse {
  status: number;
  body: string;
}

const DAY_MS = 24 * 3600_000;
/** A claim older than this belongs to a process that died mid-request: take it over. */
const STALE_CLAIM_MS = 120_000;
/** status 0 marks a claimed key whose first request is still running. */
const RUNNING = 0;

export const fingerprint = (method: string, path: string, body: Buffer): string =>
  createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex');

interface Row {
  fingerprint: string;
  status: number;
  body: string;
  created_at_ms: number;
}

/**
 * Idempotency-Key: the first successful response per (account, key) is kept for 24 h. The first
 * request claims the key with a row in the database (the unique key decides between processes);
 * a duplicate that arrives meanwhile, in this process or another, waits for that row to hold the
 * answer. A failed request removes its claim: it changed nothing, and its retry may succeed.
 */
export class IdempotencyStore {
  private readonly inflight = new Map<string, Promise<StoredResponse>>();

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
    const conflict = () =>
      new HttpError(422, 'This Idempotency-Key was already used with a different request.');
    for (let waited = 0; ; waited++) {
      const now = Date.now();
      const stored = await this.db.one<Row>(
        'SELECT fingerprint, status, body, created_at_ms FROM idempotency WHERE account_id = ? AND key = ?',
        accountId,
        key,
      );
      const expired =
        stored &&
        (stored.created_at_ms <= now - DAY_MS ||
          (stored.status === RUNNING && stored.created_at_ms <= now - STALE_CLAIM_MS));
      if (stored && !expired) {
        if (stored.fingerprint !== print) throw conflict();
        if (stored.status !== RUNNING) {
          return { status: stored.status, body: stored.body, replayed: true };
        }
        // The first request is still running (maybe in another process): wait for its answer.
        const local = this.inflight.get(`${accountId}\n${key}`);
        if (local) await local.catch(() => undefined);
        else await sleep(Math.min(25 * (waited + 1), 250));
        continue;
      }
      if (await this.claim(accountId, key, print, expired ? stored : undefined)) break;
    }
    const slot = `${accountId}\n${key}`;
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
    if (response.status < 300) {
      await this.db.run(
        'UPDATE idempotency SET status = ?, body = ? WHERE account_id = ? AND key = ?',
        response.status,
        response.body,
        accountId,
        key,
      );
    } else {
      await this.release(accountId, key);
    }
    return response;
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
