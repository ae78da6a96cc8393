/**
 * One-time sign-in links (docs/adr/0010): the start-up banner prints
 * `http://host:port/signin/<token>` instead of the demo key, so no key is ever in a log. The
 * token is random, stored as a hash, valid for LINK_TTL_MS and once: opening it redirects to
 * `/#key=<demo key>`, which the app reads and removes from the address bar and history.
 * `npm run keys -- link` makes a new one. Tokens live in the `meta` table (no schema change).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db/database';
import { one, run } from './db/statements';

export const LINK_TTL_MS = 15 * 60_000;
const PREFIX = 'signin:';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the demo account. */
export function createSignInToken(db: Db, now = Date.now()): string {
  const token = randomBytes(24).toString('base64url');
  run(db, "DELETE FROM meta WHERE key LIKE 'signin:%' AND CAST(value AS INTEGER) < ?", now);
  run(
    db,
    'INSERT INTO meta (key, value) VALUES (?, ?)',
    PREFIX + hashOf(token),
    String(now + LINK_TTL_MS),
  );
  return token;
}

/** True once per valid token: it is used up on the way. */
export function redeemSignInToken(db: Db, token: string, now = Date.now()): boolean {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
  const key = PREFIX + hashOf(token);
  const row = one<{ value: string }>(db, 'SELECT value FROM meta WHERE key = ?', key);
  if (!row) return false;
  run(db, 'DELETE FROM meta WHERE key = ?', key);
  return Number(row.value) >= now;
}
