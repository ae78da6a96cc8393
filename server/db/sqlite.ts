import type BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Database, Db, RunResult } from './database';
import { MIGRATIONS, migrationSql } from './migrations';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer';

type Conn = BetterSqlite3.Database;

// A plain require: vite's SSR module runner (npm run dev, vitest) would otherwise try to inline
// this CommonJS native addon as ESM and fail with "module is not defined".
const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

/**
 * One connection is shared by every request, so a transaction that awaits must not let another
 * request's statement slip into it: the gate makes everything outside wait while one is open
 * (better-sqlite3 is synchronous, so without an open transaction a statement runs at once).
 */
class Gate {
  private tail: Promise<void> = Promise.resolve();
  open = false;

  async hold<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((r) => (release = r));
    await before;
    this.open = true;
    try {
      return await fn();
    } finally {
      this.open = false;
      release();
    }
  }

  /** Waits until no transaction is open. */
  async idle(): Promise<void> {
    while (this.open) await this.tail;
  }
}

class SqliteDb implements Database {
  readonly dialect = 'sqlite' as const;
  readonly forUpdate = '';
  private readonly cache = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly conn: Conn,
    private readonly gate: Gate,
    /** True for the handle given to a transaction's callback. */
    private readonly inTx: boolean,
    private readonly shared?: SqliteDb,
    /** Checkpoints the WAL off this thread (see sqlite-checkpointer.ts); none: SQLite's own. */
    private readonly checkpointer?: Checkpointer,
  ) {}

  private stmt(sql: string): BetterSqlite3.Statement {
    if (this.shared) return this.shared.stmt(sql);
    let prepared = this.cache.get(sql);
    if (!prepared) {
      prepared = this.conn.prepare(sql);
      this.cache.set(sql, prepared);
    }
    return prepared;
  }

  async one<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    // Checked again right before the statement runs: nothing may open a transaction in between.
    while (!this.inTx && this.gate.open) await this.gate.idle();
    return this.stmt(sql).get(...params) as T | undefined;
  }

  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    // Checked again right before the statement runs: nothing may open a transaction in between.
    while (!this.inTx && this.gate.open) await this.gate.idle();
    return this.stmt(sql).all(...params) as T[];
  }

  async run(sql: string, ...params: unknown[]): Promise<RunResult> {
    // Checked again right before the statement runs: nothing may open a transaction in between.
    while (!this.inTx && this.gate.open) await this.gate.idle();
    const { changes } = this.stmt(sql).run(...params);
    if (!this.inTx) this.checkpointer?.kick();
    return { changes };
  }

  async tx<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTx) return fn(this);
    return this.gate.hold(async () => {
      this.conn.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(new SqliteDb(this.conn, this.gate, true, this));
        this.conn.exec('COMMIT');
        this.checkpointer?.kick();
        return result;
      } catch (error) {
        if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.gate.idle();
    await this.checkpointer?.stop();
    this.conn.close();
  }
}

function migrate(conn: Conn): void {
  for (const migration of MIGRATIONS) {
    conn
      .transaction(() => {
        // Read inside the write lock: two processes may start on a fresh directory together.
        const current = conn.pragma('user_version', { simple: true }) as number;
        if (migration.id <= current) return;
        conn.exec(migrationSql(migration, 'sqlite'));
        conn.pragma(`user_version = ${migration.id}`);
      })
      .immediate();
  }
}

/** Opens DATA_DIR/karaoke.db in WAL mode (other processes, like the keys CLI, may open it too). */
export function openSqlite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const conn = new Sqlite(join(dataDir, 'karaoke.db'));
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = ON');
  // The keys CLI and the service may write at the same moment: wait instead of failing.
  conn.pragma('busy_timeout = 5000');
  migrate(conn);
  // Checkpoints run on their own thread; the automatic one only when that thread cannot start.
  const checkpointer = startCheckpointer(conn.name);
  if (checkpointer) conn.pragma('wal_autocheckpoint = 0');
  return new SqliteDb(conn, new Gate(), false, undefined, checkpointer);
}
