/**
 * The schema of both databases, written once: numbered SQL migrations, applied in order inside one
 * transaction each (SQLite records the last one in `PRAGMA user_version`, PostgreSQL in
 * `schema_migrations`). Each migration's SQL is written in the subset both databases understand;
 * where they differ it names a slot of `Dialect`, and `DIALECTS` says what each database puts
 * there. A new column is added once, in a new migration. Never edit a migration that has shipped:
 * add the next number (server/db/schema.test.ts fails when the two databases' schemas differ).
 */

/** The only places where the two databases' DDL differs. */
export interface Dialect {
  /** An 8-byte float (seconds, sizes in pixels): SQLite's REAL is one; PostgreSQL's REAL is 4 bytes. */
  float64: string;
  /** A 64-bit integer (byte sizes, sequence numbers, epoch milliseconds): SQLite's INTEGER is one. */
  int64: string;
  /**
   * Opens the column list of a table whose queries order by insertion (`ORDER BY created_at,
   * rowid`): SQLite has an implicit `rowid`; PostgreSQL gets an identity column of that name.
   */
  insertionOrder: string;
}

export type DialectName = 'sqlite' | 'postgres';

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = {
  sqlite: { float64: 'REAL', int64: 'INTEGER', insertionOrder: '' },
  postgres: {
    float64: 'DOUBLE PRECISION',
    int64: 'BIGINT',
    insertionOrder: '\n  rowid BIGINT GENERATED ALWAYS AS IDENTITY,',
  },
};

export interface Migration {
  id: number;
  name: string;
  sql: (d: Dialect) => string;
}

/** A migration's SQL for one database. */
export const migrationSql = (migration: Migration, dialect: DialectName): string =>
  migration.sql(DIALECTS[dialect]);

/** Migration 1, first part: accounts, their keys and credits, and file rows. */
const initialAccounts = (d: Dialect): string => `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  subscription_credits INTEGER NOT NULL DEFAULT 0,
  renews_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE TABLE topups (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  original_amount INTEGER NOT NULL,
  remaining INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX topups_account ON topups(account_id);
CREATE TABLE files (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  expected_size ${d.int64} NOT NULL,
  size ${d.int64},
  status TEXT NOT NULL CHECK (status IN ('pending', 'complete')),
  used_by TEXT,
  created_at TEXT NOT NULL
);
`;

/** Migration 1, second part: presets, projects and what a project holds (stems, alignments). */
const initialProjects = (d: Dialect): string => `CREATE TABLE presets (${d.insertionOrder}
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  preset_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX presets_account ON presets(account_id);
CREATE TABLE projects (${d.insertionOrder}
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  title TEXT NOT NULL,
  artists_json TEXT NOT NULL DEFAULT '[]',
  lyrics TEXT,
  language TEXT,
  duration ${d.float64},
  input_file_id TEXT REFERENCES files(id),
  selected_alignment_id TEXT,
  selection_revision TEXT NOT NULL,
  preset_id TEXT,
  settings_json TEXT NOT NULL,
  settings_version TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_account ON projects(account_id, created_at);
CREATE TABLE stems (${d.insertionOrder}
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  type TEXT NOT NULL,
  model TEXT NOT NULL,
  file_id TEXT NOT NULL REFERENCES files(id),
  duration ${d.float64} NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX stems_project ON stems(project_id);
CREATE TABLE alignments (${d.insertionOrder}
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  model TEXT NOT NULL,
  name TEXT,
  items_json TEXT NOT NULL,
  revision TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX alignments_project ON alignments(project_id, created_at);
`;

/** Migration 1, third part: tasks, exports, media and idempotency keys. */
const initialWork = (d: Dialect): string => `CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT,
  input_json TEXT NOT NULL,
  output_json TEXT,
  cost INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  seq ${d.int64} NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tasks_project ON tasks(project_id, seq);
CREATE INDEX tasks_status ON tasks(status, seq);
CREATE TABLE exports (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  status TEXT NOT NULL,
  data_json TEXT NOT NULL,
  seq ${d.int64} NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX exports_project ON exports(project_id, seq);
CREATE TABLE media (${d.insertionOrder}
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT,
  width ${d.float64},
  height ${d.float64},
  file_id TEXT REFERENCES files(id),
  preview_file_id TEXT REFERENCES files(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX media_account ON media(account_id, created_at);
CREATE TABLE idempotency (
  account_id TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at_ms ${d.int64} NOT NULL,
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_age ON idempotency(created_at_ms);
`;

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: '0001-initial',
    // Written in three parts to keep each function short; joined they are the shipped text, byte
    // for byte (migrations.test.ts pins every migration's SQL).
    sql: (d) => initialAccounts(d) + initialProjects(d) + initialWork(d),
  },
  {
    id: 2,
    name: '0002-task-leases',
    // A claimed task carries who runs it and until when: a worker renews the lease while it works,
    // and a task whose lease ran out (its worker died) is claimed again by another worker.
    sql: () => `
ALTER TABLE tasks ADD COLUMN worker_id TEXT;
ALTER TABLE tasks ADD COLUMN lease_until TEXT;
ALTER TABLE tasks ADD COLUMN started_at TEXT;
CREATE INDEX tasks_account_status ON tasks(account_id, status);
`,
  },
  {
    id: 3,
    name: '0003-export-tasks',
    // An export is made by a task (issue 23): until the render commits, the export's status is its
    // task's (queued, in-progress, failed, cancelled), read through this link.
    sql: () => `
ALTER TABLE exports ADD COLUMN task_id TEXT;
CREATE INDEX exports_task ON exports(task_id);
`,
  },
];
