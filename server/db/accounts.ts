import { createHash, randomBytes } from 'node:crypto';
import type { Account, CreditBalance } from '../../src/contract';
import type { Db } from './database';
import { newId, nowIso } from './ids';
import { all, one, run } from './statements';

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');
export const newApiKey = (): string => `kk_${randomBytes(24).toString('base64url')}`;

export interface AccountRow {
  id: string;
  email: string;
  subscription_credits: number;
  renews_at: string | null;
}

export interface KeyedAccount extends Account {
  apiKey: string;
}

/** New accounts start with this many subscription credits, renewing monthly. */
export const STARTING_CREDITS = 20;

export function findAccountByEmail(db: Db, email: string): AccountRow | undefined {
  return one<AccountRow>(db, 'SELECT * FROM accounts WHERE email = ?', email);
}

/** Creates the account when the email is new, then a new key for it (only the hash is stored). */
export function createAccountWithKey(
  db: Db,
  email: string,
  options: { apiKey?: string; credits?: number } = {},
): KeyedAccount {
  return db
    .transaction((): KeyedAccount => {
      let account = findAccountByEmail(db, email);
      if (!account) {
        const renews = new Date(Date.now() + 30 * 86400_000).toISOString();
        const id = newId('usr');
        run(
          db,
          'INSERT INTO accounts (id, email, subscription_credits, renews_at, created_at) VALUES (?, ?, ?, ?, ?)',
          id,
          email,
          options.credits ?? STARTING_CREDITS,
          renews,
          nowIso(),
        );
        account = { id, email, subscription_credits: 0, renews_at: renews };
      }
      const apiKey = options.apiKey ?? newApiKey();
      const apiKeyId = addKey(db, account.id, apiKey);
      return { userId: account.id, email, apiKeyId, apiKey };
    })
    .immediate();
}

/** Adds `apiKey` to the account unless its hash is already known; returns the key's id. */
export function addKey(db: Db, accountId: string, apiKey: string): string {
  const hash = hashKey(apiKey);
  const existing = one<{ id: string }>(db, 'SELECT id FROM api_keys WHERE key_hash = ?', hash);
  if (existing) return existing.id;
  const id = newId('key');
  run(
    db,
    'INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)',
    id,
    accountId,
    hash,
    nowIso(),
  );
  return id;
}

export function accountForKey(db: Db, apiKey: string): Account | undefined {
  const row = one<{ userId: string; email: string; apiKeyId: string }>(
    db,
    `SELECT a.id AS userId, a.email AS email, k.id AS apiKeyId
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
    hashKey(apiKey),
  );
  return row;
}

interface TopupRow {
  id: string;
  original_amount: number;
  remaining: number;
  expires_at: string;
}

function liveTopups(db: Db, accountId: string): TopupRow[] {
  return all<TopupRow>(
    db,
    'SELECT * FROM topups WHERE account_id = ? AND expires_at > ? ORDER BY expires_at',
    accountId,
    nowIso(),
  );
}

export function creditBalance(db: Db, accountId: string): CreditBalance {
  const account = one<AccountRow>(db, 'SELECT * FROM accounts WHERE id = ?', accountId);
  const topups = liveTopups(db, accountId);
  const subscription = account?.subscription_credits ?? 0;
  return {
    renewalDates: account?.renews_at ? [account.renews_at] : [],
    topups: topups.map((t) => ({
      id: t.id,
      originalAmount: t.original_amount,
      remaining: t.remaining,
      expiresAt: t.expires_at,
    })),
    availableBalance: subscription + topups.reduce((sum, t) => sum + t.remaining, 0),
    subscription: account?.renews_at ? { renewsAt: account.renews_at } : null,
  };
}

/**
 * Takes `amount` credits, subscription first, then the top-ups that expire soonest. Returns false
 * (and takes nothing) when the balance is too small. Call inside a transaction.
 */
export function chargeCredits(db: Db, accountId: string, amount: number): boolean {
  if (creditBalance(db, accountId).availableBalance < amount) return false;
  const account = one<AccountRow>(db, 'SELECT * FROM accounts WHERE id = ?', accountId);
  let left = amount;
  const fromSubscription = Math.min(left, account?.subscription_credits ?? 0);
  if (fromSubscription > 0) {
    run(
      db,
      'UPDATE accounts SET subscription_credits = subscription_credits - ? WHERE id = ?',
      fromSubscription,
      accountId,
    );
    left -= fromSubscription;
  }
  for (const topup of liveTopups(db, accountId)) {
    if (left === 0) break;
    const take = Math.min(left, topup.remaining);
    run(db, 'UPDATE topups SET remaining = remaining - ? WHERE id = ?', take, topup.id);
    left -= take;
  }
  return true;
}

/** Gives credits of a failed task back (to the subscription balance). */
export function refundCredits(db: Db, accountId: string, amount: number): void {
  run(
    db,
    'UPDATE accounts SET subscription_credits = subscription_credits + ? WHERE id = ?',
    amount,
    accountId,
  );
}

export function addTopup(db: Db, accountId: string, amount: number, expiresAt: string): void {
  run(
    db,
    'INSERT INTO topups (id, account_id, original_amount, remaining, expires_at) VALUES (?, ?, ?, ?, ?)',
    newId('top'),
    accountId,
    amount,
    amount,
    expiresAt,
  );
}
