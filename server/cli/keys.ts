/**
 * `npm run keys -- create --email bob@example.com [--credits 20]`: creates the account (when new)
 * and a new API key in the configured database (SQLite in DATA_DIR, or DATABASE_URL), printing
 * the key alone on the last line. Works whether or not the service runs.
 * `npm run keys -- link`: a one-time sign-in link for the demo account (valid 15 minutes).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../db/accounts';
import { openDatabase } from '../db/open-database';
import { createSignInToken } from '../signin-links';

const USAGE =
  'usage: npm run keys -- create --email <address> [--credits <n>]\n' +
  '       npm run keys -- link   (a one-time sign-in link for the demo account)';

/** Where `npm start` listens: PUBLIC_URL, else HOST and PORT as server/main.ts reads them. */
function publicBase(): string {
  if (process.env.PUBLIC_URL) return process.env.PUBLIC_URL.replace(/\/+$/, '');
  const host = process.env.HOST || '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT ?? 8787}`;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, credits: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (positionals[0] === 'link') {
    const db = await openDatabase({ dataDir, databaseUrl });
    try {
      console.log(`${publicBase()}/signin/${await createSignInToken(db)}`);
    } finally {
      await db.close();
    }
    return 0;
  }
  const email = values.email?.trim() ?? '';
  const credits = values.credits === undefined ? undefined : Number(values.credits);
  if (positionals[0] !== 'create' || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  if (credits !== undefined && !(Number.isInteger(credits) && credits >= 0)) {
    console.error(`--credits must be a whole number\n${USAGE}`);
    return 2;
  }
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    const created = await createAccountWithKey(db, email, credits === undefined ? {} : { credits });
    const where = databaseUrl ? 'DATABASE_URL' : dataDir;
    console.log(
      `Account ${created.userId} (${created.email}), key ${created.apiKeyId} in ${where}`,
    );
    console.log(created.apiKey);
  } finally {
    await db.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  },
);
