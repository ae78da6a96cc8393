import { INITIAL_POSTGRES } from './migrations-postgres';

/**
 * Numbered SQL migrations, applied in order inside one transaction each; SQLite records the last
 * one in `PRAGMA user_version`, PostgreSQL in `schema_migrations`. `sql` serves both databases
 * unless a `postgres` text is given (types differ: REAL is 4 bytes there, rowid does not exist).
 * Never edit a migration that has shipped: add the next number.
 */
export const MIGRATIONS: readonly { id: number; name: string; sql: string; postgres?: string }[] = [
  {
    id: 1,
    name: '0001-initial',
    sql: `
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
  expected_size INTEGER NOT NULL,
  size INTEGER,
  status TEXT NOT NULL CHECK (status IN ('pending', 'complete')),
  used_by TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE presets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  preset_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX presets_account ON presets(account_id);
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  title TEXT NOT NULL,
  artists_json TEXT NOT NULL DEFAULT '[]',
  lyrics TEXT,
  language TEXT,
  duration REAL,
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
CREATE TABLE stems (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  type TEXT NOT NULL,
  model TEXT NOT NULL,
  file_id TEXT NOT NULL REFERENCES files(id),
  duration REAL NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX stems_project ON stems(project_id);
CREATE TABLE alignments (
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
CREATE TABLE tasks (
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
  seq INTEGER NOT NULL,
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
  seq INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX exports_project ON exports(project_id, seq);
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT,
  width REAL,
  height REAL,
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
  created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_age ON idempotency(created_at_ms);
`,
    postgres: INITIAL_POSTGRES,
  },
  {
    id: 2,
    name: '0002-task-leases',
    // A claimed task carries who runs it and until when: a worker renews the lease while it works,
    // and a task whose lease ran out (its worker died) is claimed again by another worker.
    sql: `
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
    sql: `
ALTER TABLE exports ADD COLUMN task_id TEXT;
CREATE INDEX exports_task ON exports(task_id);
`,
  },
];
