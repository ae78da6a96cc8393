import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addKey, createAccountWithKey, findAccountByEmail, newApiKey } from './db/accounts';
import type { Db } from './db/database';

export const DEMO_EMAIL = 'demo@karaoke.local';

/**
 * The demo account and its key. KARAOKE_API_KEY wins; otherwise a random key is made once and
 * kept in DATA_DIR/demo-api-key (the database holds only hashes, and the start-up banner must
 * print the same sign-in link every time).
 */
export async function ensureDemoAccount(
  db: Db,
  dataDir: string,
  apiKey?: string,
): Promise<{ accountId: string; apiKey: string }> {
  const keyFile = join(dataDir, 'demo-api-key');
  let key = apiKey;
  if (!key) {
    if (existsSync(keyFile)) key = readFileSync(keyFile, 'utf8').trim();
    if (!key) {
      key = newApiKey();
      writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    }
  }
  const existing = await findAccountByEmail(db, DEMO_EMAIL);
  if (existing) {
    await addKey(db, existing.id, key);
    return { accountId: existing.id, apiKey: key };
  }
  const created = await createAccountWithKey(db, DEMO_EMAIL, { apiKey: key });
  return { accountId: created.userId, apiKey: key };
}
