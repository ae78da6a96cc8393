import pg from 'pg';
import type { Database, Db, RunResult } from './database';
import { MIGRATIONS, migrationSql } from './migrations';

/** Our BIGINT columns (sizes, epoch ms, sequence numbers) fit a double: read them as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

const placeholders = new Map<string, string>();

/** `?` placeholders (the SQLite spelling the repositories use) become `$1, $2, …`. */
function numbered(sql: string): string {
  let text = placeholders.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    placeholders.set(sql, text);
  }
  return text;
}

/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

type Client = pg.Pool | pg.PoolClient;

class PostgresDb implements Database {
  readonly dialect = 'postgres' as const;
  readonly forUpdate = ' FOR UPDATE';

  constructor(
    private readonly client: Client,
    private readonly pool: pg.Pool,
    private readonly inTx: boolean,
  ) {}

  private async query(sql: string, params: unknown[]) {
    // Buffers are JSON text here (alignment items kept as the client's bytes), never bytea.
    const values = params.map((p) => (Buffer.isBuffer(p) ? p.toString('utf8') : p));
    return this.client.query(numbered(sql), values);
  }

  async one<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.query(sql, params)).rows[0] as T | undefined;
  }

  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  async run(sql: string, ...params: unknown[]): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  async tx<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTx) return fn(this);
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(new PostgresDb(client, this.pool, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (error as { code?: string }).code;
        if (!(code && RETRYABLE.has(code) && attempt < 4)) throw error;
      } finally {
        client.release();
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Applies the migrations not yet recorded, one transaction each, under an advisory lock so that
 *  several processes starting on an empty database migrate it once. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    for (const migration of MIGRATIONS) {
      await client.query('BEGIN');
      try {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('karaoke-migrations'))");
        await client.query(
          'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
        );
        const done = await client.query('SELECT 1 FROM schema_migrations WHERE id = $1', [
          migration.id,
        ]);
        if (done.rowCount === 0) {
          await client.query(migrationSql(migration, 'postgres'));
          await client.query(
            'INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)',
            [migration.id, migration.name, new Date().toISOString()],
          );
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const max = Number(process.env.DATABASE_POOL_SIZE) || 10;
  const pool = new pg.Pool({ connectionString: url, max, types });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresDb(pool, pool, false);
}
