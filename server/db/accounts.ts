import { createHash, randomBytes } from 'node:crypto';
import type { Account, CreditBalance } from '../../src/contract';
import type { Db } from './database';
import { newId, nowIso } from './ids';

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

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>('SELECT * FROM accounts WHERE email = ?', email);
}

/** Creates the account when the email is new, then a new key for it (only the hash is stored). */
export function createAccountWithKey(
  db: Db,
  email: string,
  options: { apiKey?: string; credits?: number } = {},
): Promise<KeyedAccount> {
  return db.tx(async (tx): Promise<KeyedAccount> => {
    const renews = new Date(Date.now() + 30 * 86400_000).toISOString();
    // Two processes may create the same email at once: the unique email decides, both go on.
    await tx.run(
      `INSERT INTO accounts (id, email, subscription_credits, renews_at, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
      newId('usr'),
      email,
      options.credits ?? STARTING_CREDITS,
      renews,
      nowIso(),
    );
    const account = await findAccountByEmail(tx, email);
    if (!account) throw new Error(`account ${email} vanished`);
    const apiKey = options.apiKey ?? newApiKey();
    const apiKeyId = await addKey(tx, account.id, apiKey);
    return { userId: account.id, email, apiKeyId, apiKey };
  });
}

/** Adds `apiKey` to the account unless its hash is already known; returns the key's id. */
export async function addKey(db: Db, accountId: string, apiKey: string): Promise<string> {
  const hash = hashKey(apiKey);
  await db.run(
    `INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (key_hash) DO NOTHING`,
    newId('key'),
    accountId,
    hash,
    nowIso(),
  );
  const row = await db.one<{ id: string }>('SELECT id FROM api_keys WHERE key_hash = ?', hash);
  if (!row) throw new Error('api key vanished');
  return row.id;
}

export function accountForKey(db: Db, apiKey: string): Promise<Account | undefined> {
  return db.one<{ userId: string; email: string; apiKeyId: string }>(
    `SELECT a.id AS "userId", a.email AS email, k.id AS "apiKeyId"
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
    hashKey(apiKey),
  );
}

interface TopupRow {
  id: string;
  original_amount: number;
  remaining: number;
  expires_at: string;
}

function liveTopups(db: Db, accountId: string, lock = ''): Promise<TopupRow[]> {
  return db.all<TopupRow>(
    `SELECT * FROM topups WHERE account_id = ? AND expires_at > ? ORDER BY expires_at${lock}`,
    accountId,
    nowIso(),
  );
}

function balanceOf(account: AccountRow | undefined, topups: TopupRow[]): CreditBalance {
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

export async function creditBalance(db: Db, accountId: string): Promise<CreditBalance> {
  const account = await db.one<AccountRow>('SELECT * FROM accounts WHERE id = ?', accountId);
  return balanceOf(account, await liveTopups(db, accountId));
}

/**
 * Takes `amount` credits, subscription first, then the top-ups that expire soonest. Returns false
 * (and takes nothing) when the balance is too small. Runs in a transaction with the account row
 * locked, so two processes charging the same account at once cannot both spend the last credit.
 */
export function chargeCredits(db: Db, accountId: string, amount: number): Promise<boolean> {
  return db.tx(async (tx) => {
    const account = await tx.one<AccountRow>(
      `SELECT * FROM accounts WHERE id = ?${tx.forUpdate}`,
      accountId,
    );
    const topups = await liveTopups(tx, accountId, tx.forUpdate);
    if (balanceOf(account, topups).availableBalance < amount) return false;
    let left = amount;
    const fromSubscription = Math.min(left, account?.subscription_credits ?? 0);
    if (fromSubscription > 0) {
      await tx.run(
        'UPDATE accounts SET subscription_credits = subscription_credits - ? WHERE id = ?',
        fromSubscription,
        accountId,
      );
      left -= fromSubscription;
    }
    for (const topup of topups) {
      if (left === 0) break;
      const take = Math.min(left, topup.remaining);
      await tx.run('UPDATE topups SET remaining = remaining - ? WHERE id = ?', take, topup.id);
      left -= take;
    }
    return true;
  });
}

/** Gives credits of a failed task back (to the subscription balance). */
export async function refundCredits(db: Db, accountId: string, amount: number): Promise<void> {
  await db.run(
    'UPDATE accounts SET subscription_credits = subscription_credits + ? WHERE id = ?',
    amount,
    accountId,
  );
}

export async function addTopup(
  db: Db,
  accountId: string,
  amount: number,
  expiresAt: string,
): Promise<void> {
  await db.run(
    'INSERT INTO topups (id, account_id, original_amount, remaining, expires_at) VALUES (?, ?, ?, ?, ?)',
    newId('top'),
    accountId,
    amount,
    amount,
    expiresAt,
  );
}
