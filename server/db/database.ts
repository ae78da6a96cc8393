/**
 * The database port: every query of the service goes through `Db` (asynchronous, so the same
 * repositories run on SQLite and on PostgreSQL). SQL is written in the subset both understand,
 * with `?` placeholders; `db.forUpdate` adds row locks where PostgreSQL needs them.
 */
import { resolve } from 'node:path';

export interface RunResult {
  changes: number;
}

export interface Db {
  readonly dialect: 'sqlite' | 'postgres';
  /** ' FOR UPDATE' on PostgreSQL (row locks held to the end of the transaction); '' on SQLite,
   *  whose write transaction already locks the whole database. */
  readonly forUpdate: string;
  one<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<RunResult>;
  /**
   * Runs `fn` in one write transaction and commits when it resolves (rolls back when it throws).
   * Inside a transaction, `tx` joins it: repositories compose without knowing who started it.
   */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

export interface Database extends Db {
  close(): Promise<void>;
}

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
