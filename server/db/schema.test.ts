/**
 * One schema source (migrations.ts), two databases: this test fails when what the migrations make
 * on SQLite and on PostgreSQL differ in tables, columns (types normalised, nullability, defaults),
 * primary keys, unique constraints, foreign keys or indexes. It needs PostgreSQL, so it runs in
 * `npm run test:postgres` (the vitest project `node-postgres`).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, onPostgres, tempDataDir } from '../test/harness';
import type { Database, Db } from './database';
import { MIGRATIONS } from './migrations';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
}
interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  /** Column lists of UNIQUE constraints (their names differ between the databases). */
  unique: string[];
  /** `column -> table(column)`. */
  foreignKeys: string[];
  /** Indexes made by CREATE INDEX, by name. */
  indexes: Record<string, { columns: string[]; unique: boolean }>;
}
type Schema = Record<string, Table>;

/** Both databases' types, as the kinds of value they hold (PostgreSQL's 4-byte REAL is its own). */
const SQLITE_TYPES: Record<string, string> = { TEXT: 'text', INTEGER: 'integer', REAL: 'float64' };
const POSTGRES_TYPES: Record<string, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  'double precision': 'float64',
};
const typeOf = (types: Record<string, string>, type: string) =>
  types[type] ?? `unexpected type ${type}`;

const sortedTables = (schema: Schema): Schema =>
  Object.fromEntries(
    Object.entries(schema)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => [
        name,
        { ...t, unique: t.unique.sort(), foreignKeys: t.foreignKeys.sort() },
      ]),
  );

const emptyTable = (): Table => ({
  columns: {},
  primaryKey: [],
  unique: [],
  foreignKeys: [],
  indexes: {},
});

/** SQLite, from its catalogue and PRAGMAs. */
async function describeSqlite(db: Db): Promise<Schema> {
  const schema: Schema = {};
  const tables = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  for (const { name } of tables) {
    const table = (schema[name] = emptyTable());
    const columns = await db.all<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)', name);
    for (const c of columns) {
      // A primary key column is NOT NULL in PostgreSQL; SQLite only enforces it for INTEGER keys.
      table.columns[c.name] = {
        type: typeOf(SQLITE_TYPES, c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        default: c.dflt_value,
      };
    }
    table.primaryKey = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const fks = await db.all<{ from: string; table: string; to: string }>(
      'SELECT "from", "table", "to" FROM pragma_foreign_key_list(?)',
      name,
    );
    table.foreignKeys = fks.map((f) => `${f.from} -> ${f.table}(${f.to})`);
    const indexes = await db.all<{ name: string; unique: number; origin: string }>(
      'SELECT name, "unique", origin FROM pragma_index_list(?)',
      name,
    );
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const cols = await db.all<{ name: string }>(
        'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
        index.name,
      );
      const columnNames = cols.map((c) => c.name);
      if (index.origin === 'u') table.unique.push(columnNames.join(', '));
      else table.indexes[index.name] = { columns: columnNames, unique: index.unique === 1 };
    }
  }
  return sortedTables(schema);
}

/** PostgreSQL, from information_schema (tables, columns, keys) and pg_index (indexes). */
async function describePostgres(db: Db): Promise<Schema> {
  const schema: Schema = {};
  const tables = await db.all<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND table_name <> 'schema_migrations'`,
  );
  for (const { table_name } of tables) schema[table_name] = emptyTable();
  const columns = await db.all<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
     FROM information_schema.columns WHERE table_schema = current_schema()
     ORDER BY table_name, ordinal_position`,
  );
  for (const c of columns) {
    const table = schema[c.table_name];
    if (!table) continue;
    // The identity column named rowid stands in for SQLite's implicit rowid (Dialect.insertionOrder).
    if (c.column_name === 'rowid' && c.is_identity === 'YES') continue;
    table.columns[c.column_name] = {
      type: typeOf(POSTGRES_TYPES, c.data_type),
      notNull: c.is_nullable === 'NO',
      // `'[]'::text` is SQLite's `'[]'`.
      default: c.column_default?.replace(/::[a-z ]+$/, '') ?? null,
    };
  }
  const keys = await db.all<{
    table_name: string;
    constraint_name: string;
    constraint_type: string;
    column_name: string;
    ref_table: string | null;
    ref_column: string | null;
  }>(
    `SELECT tc.table_name, tc.constraint_name, tc.constraint_type, kcu.column_name,
       ccu.table_name AS ref_table, ccu.column_name AS ref_column
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage kcu
       ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
     LEFT JOIN information_schema.constraint_column_usage ccu
       ON tc.constraint_type = 'FOREIGN KEY'
      AND ccu.constraint_schema = tc.constraint_schema AND ccu.constraint_name = tc.constraint_name
     WHERE tc.table_schema = current_schema()
       AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
     ORDER BY tc.table_name, tc.constraint_name, kcu.ordinal_position`,
  );
  const unique = new Map<string, { table: string; columns: string[] }>();
  for (const k of keys) {
    const table = schema[k.table_name];
    if (!table) continue;
    if (k.constraint_type === 'PRIMARY KEY') table.primaryKey.push(k.column_name);
    else if (k.constraint_type === 'FOREIGN KEY') {
      table.foreignKeys.push(`${k.column_name} -> ${k.ref_table}(${k.ref_column})`);
    } else {
      const entry = unique.get(k.constraint_name) ?? { table: k.table_name, columns: [] };
      entry.columns.push(k.column_name);
      unique.set(k.constraint_name, entry);
    }
  }
  for (const u of unique.values()) schema[u.table]?.unique.push(u.columns.join(', '));
  const indexes = await db.all<{
    table_name: string;
    index_name: string;
    unique: boolean;
    columns: string[];
  }>(
    `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS "unique",
       array_agg(a.attname::text ORDER BY k.ord) AS columns
     FROM pg_index ix
     JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
     WHERE n.nspname = current_schema() AND NOT ix.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)
     GROUP BY t.relname, i.relname, ix.indisunique`,
  );
  for (const index of indexes) {
    const table = schema[index.table_name];
    if (table) table.indexes[index.index_name] = { columns: index.columns, unique: index.unique };
  }
  return sortedTables(schema);
}

describe.runIf(onPostgres)('one schema source for SQLite and PostgreSQL', () => {
  let sqlite: Database;
  let postgres: Database;
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = tempDataDir();
    sqlite = openSqlite(dataDir);
    const schema = await freshSchema();
    drop = () => schema.drop();
    postgres = await openPostgres(schema.url);
  });

  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both databases are at the last migration', async () => {
    const last = MIGRATIONS[MIGRATIONS.length - 1]?.id;
    expect(await sqlite.one('PRAGMA user_version')).toEqual({ user_version: last });
    const applied = await postgres.all<{ id: number }>(
      'SELECT id FROM schema_migrations ORDER BY id',
    );
    expect(applied.map((m) => m.id)).toEqual(MIGRATIONS.map((m) => m.id));
  });

  it('the migrations make the same tables, columns, keys and indexes on both', async () => {
    const onSqlite = await describeSqlite(sqlite);
    const onPostgres = await describePostgres(postgres);
    // Read for real: every table, with the columns of the last migrations and the unique email.
    expect(Object.keys(onSqlite)).toContain('tasks');
    expect(onSqlite.tasks?.columns.lease_until).toEqual({
      type: 'text',
      notNull: false,
      default: null,
    });
    expect(onSqlite.exports?.indexes.exports_task).toEqual({ columns: ['task_id'], unique: false });
    expect(onSqlite.accounts?.unique).toEqual(['email']);
    expect(onSqlite.idempotency?.primaryKey).toEqual(['account_id', 'key']);
    expect(onSqlite.media?.foreignKeys).toContain('file_id -> files(id)');
    expect(onPostgres).toEqual(onSqlite);
  });

  it('a column, type or index on one database only is a difference', async () => {
    const before = await describePostgres(postgres);
    await postgres.run('ALTER TABLE stems ADD COLUMN gain REAL');
    await postgres.run('CREATE INDEX stems_type ON stems(type)');
    await postgres.run('ALTER TABLE media ALTER COLUMN width TYPE REAL');
    const after = await describePostgres(postgres);
    expect(after).not.toEqual(before);
    expect(after.stems?.columns.gain?.type).toBe('unexpected type real');
    expect(after.stems?.indexes.stems_type).toEqual({ columns: ['type'], unique: false });
    expect(after.media?.columns.width?.type).toBe('unexpected type real');
    expect(after).not.toEqual(await describeSqlite(sqlite));
  });
});
