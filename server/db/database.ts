/**
 * The database port: every query of the service goes through `Db` (asynchronous, so the same
 * repositories run on SQLite and on PostgreSQL). SQL is written in the subset both understand,
 * with `?` placeholders; `db.forUpdate` adds row locks where PostgreSQL needs them. Its drivers:
 * `sqlite.ts` and `postgres.ts`, opened by `open-database.ts`.
 */
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
