import { resolve } from 'node:path';
import type { Database } from './database';

export interface DatabaseConfig {
  /** SQLite lives in DATA_DIR/karaoke.db when no databaseUrl is given. */
  dataDir: string;
  /** `postgres://…` selects PostgreSQL. */
  databaseUrl?: string | undefined;
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//.test(url);

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (isPostgresUrl(config.databaseUrl)) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl);
  }
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL must start with postgres:// (or be unset for SQLite).');
  }
  const { openSqlite } = await import('./sqlite');
  return openSqlite(resolve(config.dataDir));
}
