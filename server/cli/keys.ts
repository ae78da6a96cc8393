/**
 * `npm run keys -- create --email bob@example.com [--credits 20]`: creates the account (when new)
 * and a new API key in the configured database (SQLite in DATA_DIR, or DATABASE_URL), printing
 * the key alone on the last line. Works whether or not the service runs.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../db/accounts';
import { openDatabase } from '../db/database';

const USAGE = 'usage: npm run keys -- create --email <address> [--credits <n>]';

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
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
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
