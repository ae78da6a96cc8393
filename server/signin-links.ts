/**
 * One-time sign-in links (docs/adr/0010): the start-up banner prints
 * `http://host:port/signin/<token>` instead of the demo key, so no key is ever in a log. The
 * token is random, stored as a hash, valid for LINK_TTL_MS and once: opening it redirects to
 * `/#key=<demo key>`, which the app reads and removes from the address bar and history.
 * `npm run keys -- link` makes a new one. Tokens live in the `meta` table (no schema change) on
 * SQLite and PostgreSQL alike, so a link made by one process is redeemed by any api process.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db/database';

export const LINK_TTL_MS = 15 * 60_000;
const PREFIX = 'signin:';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * The expiry as fixed-width digits: `meta.value` is TEXT, and comparing padded digits as text
 * works in both dialects without a CAST (PostgreSQL may evaluate a CAST on other meta rows).
 */
const stamp = (ms: number) => String(Math.floor(ms)).padStart(16, '0');

/** A new single-use token for the demo account. */
export async function createSignInToken(db: Db, now = Date.now()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.run("DELETE FROM meta WHERE key LIKE 'signin:%' AND value < ?", stamp(now));
  await db.run(
    'INSERT INTO meta (key, value) VALUES (?, ?)',
    PREFIX + hashOf(token),
    stamp(now + LINK_TTL_MS),
  );
  return token;
}

/**
 * True once per valid token: one DELETE both checks and uses it up, so two processes (or two
 * tabs) redeeming the same link at once cannot both succeed. An expired row stays until the next
 * link is made (which clears expired ones).
 */
export async function redeemSignInToken(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
  const used = await db.run(
    'DELETE FROM meta WHERE key = ? AND value >= ?',
    PREFIX + hashOf(token),
    stamp(now),
  );
  return used.changes > 0;
}
